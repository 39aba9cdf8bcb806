import { cosine } from "../math/cosine";
import type { ChunkFacts } from "./prompts-graph";
import type { SourceChunk } from "./types";

/**
 * The knowledge graph's relationships, computed locally from what the calls returned (ragas 0.4's
 * semantics, no extra request): documents linked by summary cosine (ragas's threshold for long
 * documents, 0.7), chunks linked by shared entities (ragas's overlap score over entity pairs, its
 * threshold 0.01, the corpus's 5% most frequent entities ignored as noise). Entities match after
 * NFKC, case folding, collapsed whitespace and a folded plural "s" (ragas compares with
 * Jaro-Winkler >= 0.9, which joins the same spelling variants at quadratic cost).
 */

const SUMMARY_THRESHOLD = 0.7;
const OVERLAP_THRESHOLD = 0.01;
const NOISE_SHARE = 0.05;

export interface GraphNode {
  chunk: SourceChunk;
  facts: ChunkFacts | undefined;
  vector: number[] | undefined;
}

export interface EntityPair {
  a: number;
  b: number;
  shared: string[];
}

export function normalizeEntity(entity: string): string {
  const folded = entity.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim();
  return folded.length > 3 && folded.endsWith("s") && !folded.endsWith("ss") ? folded.slice(0, -1) : folded;
}

function entitySets(nodes: readonly GraphNode[]): Set<string>[] {
  return nodes.map((n) => new Set((n.facts?.entities ?? []).map(normalizeEntity).filter((e) => e.length > 0)));
}

/** Chunk pairs (index a < b) sharing entities, strongest first then by index; the noisiest entities do not count. */
export function entityPairs(nodes: readonly GraphNode[]): EntityPair[] {
  const sets = entitySets(nodes);
  const frequency = new Map<string, number>();
  for (const set of sets) for (const e of set) frequency.set(e, (frequency.get(e) ?? 0) + 1);
  const ranked = [...frequency].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  const noise = new Set(ranked.slice(0, Math.floor(ranked.length * NOISE_SHARE)).map(([e]) => e));
  const holders = new Map<string, number[]>();
  sets.forEach((set, i) => {
    for (const e of set) if (!noise.has(e)) holders.set(e, [...(holders.get(e) ?? []), i]);
  });
  const shared = new Map<string, string[]>();
  for (const [e, list] of holders) {
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const key = `${list[x]} ${list[y]}`;
        shared.set(key, [...(shared.get(key) ?? []), e]);
      }
  }
  const pairs: (EntityPair & { score: number })[] = [];
  for (const [key, items] of shared) {
    const [a, b] = key.split(" ").map(Number) as [number, number];
    // ragas's score: matched entity pairs over compared entity pairs.
    const score = items.length / Math.max(1, sets[a]!.size * sets[b]!.size);
    if (score >= OVERLAP_THRESHOLD) pairs.push({ a, b, shared: items.sort(), score });
  }
  return pairs.sort((p, q) => q.score - p.score || p.a - q.a || p.b - q.b).map(({ a, b, shared: s }) => ({ a, b, shared: s }));
}

/** Document pairs whose summaries are alike (cosine >= threshold); a document with none gets its nearest one. */
export function documentPairs(vectors: readonly (number[] | undefined)[]): [number, number][] {
  const out = new Map<string, [number, number]>();
  const add = (a: number, b: number) => {
    const [x, y] = a < b ? [a, b] : [b, a];
    out.set(`${x} ${y}`, [x, y]);
  };
  for (let a = 0; a < vectors.length; a++) {
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    let linked = false;
    for (let b = 0; b < vectors.length; b++) {
      if (a === b) continue;
      const score = vectors[a] && vectors[b] ? cosine(vectors[a]!, vectors[b]!) : 0;
      if (score >= SUMMARY_THRESHOLD) {
        add(a, b);
        linked = true;
      }
      if (score > bestScore) [best, bestScore] = [b, score];
    }
    // Fewer clusters than ragas would find is a thin graph, not an empty synthesizer (ragas issue #1677).
    if (!linked && best >= 0) add(a, best);
  }
  return [...out.values()].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

/** The most similar other chunk by embedding, preferring another document (quick mode's second context). */
export function nearestNeighbour(nodes: readonly GraphNode[], i: number): number | undefined {
  let best: number | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < nodes.length; j++) {
    if (j === i) continue;
    const v = nodes[i]!.vector;
    const w = nodes[j]!.vector;
    const score = (v && w ? cosine(v, w) : 0) + (nodes[j]!.chunk.document === nodes[i]!.chunk.document ? 0 : 0.05);
    if (score > bestScore) [best, bestScore] = [j, score];
  }
  return best;
}
