import { seededRandom } from "../src/engine/math/random";

/**
 * ragas 0.4's test-set pipeline as a formula (research/testset-generation.md sections 1.7 and 4.6),
 * for documents of more than 500 tokens (its branch A): per document one headlines and one summary
 * call; per chunk (500-1000 tokens, ~750) a node filter, a themes and an NER call; 3 persona calls;
 * per synthesizer ceil(n/3) samples, single-hop with one persona-matching call per node, multi-hop
 * abstract with a concept-combination and a persona-matching call per cluster, multi-hop specific
 * with a persona-matching call per pair; one query call per sample. Input tokens are each prompt's
 * fixed overhead as measured in the research (instruction + JSON schema + example, o200k) plus the
 * text it carries. Embeddings are not counted on either side.
 */
const OVERHEAD = { summary: 220, headlines: 318, themes: 229, ner: 260, filter: 314, persona: 217, matching: 418, concepts: 402, single: 451, multi: 612 };
const CHUNK_TOKENS = 750;
const SUMMARY_TOKENS = 150;
const PERSONA_TOKENS = 50;
const PERSONAS = 3;

export interface RagasFormula {
  chunks: number;
  calls: number;
  inputTokens: number;
  /** Questions per document under ragas's node walk (single-hop: nodes in insertion order). */
  perDocument: { max: number; min: number };
}

export function ragasFormula(docTokens: readonly number[], n: number): RagasFormula {
  const perDoc = docTokens.map((t) => Math.max(1, Math.round(t / CHUNK_TOKENS)));
  const chunks = perDoc.reduce((a, b) => a + b, 0);
  const split = Math.ceil(n / 3);
  let calls = 0;
  let input = 0;
  const add = (count: number, tokens: number) => {
    calls += count;
    input += count * tokens;
  };
  docTokens.forEach((t) => {
    add(1, OVERHEAD.headlines + t);
    add(1, OVERHEAD.summary + t);
  });
  add(chunks, OVERHEAD.filter + CHUNK_TOKENS + SUMMARY_TOKENS);
  add(chunks, OVERHEAD.themes + CHUNK_TOKENS);
  add(chunks, OVERHEAD.ner + CHUNK_TOKENS);
  add(PERSONAS, OVERHEAD.persona + SUMMARY_TOKENS);
  // Scenario phase: persona matching per single-hop node, per abstract cluster (+ concepts), per specific pair.
  const clusters = Math.ceil(split / 2);
  add(split + clusters + split, OVERHEAD.matching + 100 + PERSONAS * PERSONA_TOKENS);
  add(clusters, OVERHEAD.concepts + 300);
  // Sample phase: one query call per sample; multi-hop samples carry 2-4 chunks (2.5 on average).
  add(split, OVERHEAD.single + CHUNK_TOKENS + PERSONA_TOKENS);
  add(2 * split, OVERHEAD.multi + 2.5 * CHUNK_TOKENS + PERSONA_TOKENS);
  return { chunks, calls, inputTokens: Math.round(input), perDocument: ragasCoverage(perDoc, split) };
}

/**
 * Where ragas's questions land: single-hop walks chunks in insertion order and stops at n/3 (the
 * first documents get them all, ragas issue #2040); the multi-hop ones draw document and chunk
 * pairs (seeded here as ragas seeds them), each pair touching two documents.
 */
function ragasCoverage(chunksPerDoc: readonly number[], split: number): { max: number; min: number } {
  const counts = chunksPerDoc.map(() => 0);
  let left = split;
  for (let d = 0; d < chunksPerDoc.length && left > 0; d++) {
    const take = Math.min(left, chunksPerDoc[d]!);
    counts[d]! += take;
    left -= take;
  }
  const random = seededRandom(42);
  for (let k = 0; k < 2 * split; k++) {
    const a = Math.floor(random() * counts.length);
    let b = Math.floor(random() * (counts.length - 1));
    if (b >= a) b++;
    counts[a]!++;
    counts[b]!++;
  }
  return { max: Math.max(...counts), min: Math.min(...counts) };
}
