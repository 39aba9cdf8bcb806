import type { RandomSource } from "../math/random";
import { numbered } from "../prompts/render";
import type { PromptDef } from "../prompts/types";
import { documentPairs, entityPairs, type GraphNode, nearestNeighbour } from "./graph";
import { dealByDocument, NodeQueue, type Stratum } from "./plan";
import { multiHopPrompt, type QueryOutput, quickPrompt, singleHopPrompt } from "./prompts-query";
import {
  type GraphSynthesizer,
  type Persona,
  QUERY_LENGTHS,
  QUERY_STYLES,
  type QueryLength,
  type QueryStyle,
  SYNTHESIZERS,
  type SynthesizerName,
} from "./types";

/**
 * Where each synthesizer draws its nodes from, and the one request that turns a stratum and its
 * nodes into a question. A node the extraction scored 1-2 (ragas's node filter) is not drawn
 * while better ones exist. When the graph has no entity link (or no similar documents), a
 * multi-hop synthesizer pairs chunks by embedding instead of writing nothing (ragas drops it,
 * #1677 / #1696), so each synthesizer's share holds.
 */

export type Queues = Partial<Record<SynthesizerName, NodeQueue<number[]>>>;

function eligible(nodes: readonly GraphNode[]): number[] {
  const good = nodes.flatMap((n, i) => ((n.facts?.quality ?? 3) > 2 ? [i] : []));
  return good.length > 0 ? good : nodes.map((_, i) => i);
}

function neighbourPairs(nodes: readonly GraphNode[], among: readonly number[]): number[][] {
  const out: number[][] = [];
  for (const i of among) {
    const j = nearestNeighbour(nodes, i);
    if (j !== undefined) out.push([i, j]);
  }
  return out;
}

export function graphQueues(
  nodes: readonly GraphNode[],
  docVectors: readonly (number[] | undefined)[],
  docNames: readonly string[],
  random: RandomSource,
): Queues {
  const good = eligible(nodes);
  const docOf = (item: number[]) => nodes[item[0]!]!.chunk.document;
  const queues: Queues = {};
  queues.single_hop_specific_query_synthesizer = new NodeQueue(
    dealByDocument(
      good.map((i) => [i]),
      docOf,
      random,
    ),
  );
  if (nodes.length < 2) return queues;
  const neighbours = neighbourPairs(nodes, good);
  // Linked pairs first; the embedding neighbours follow, so a thin graph is not asked the same pair again and again.
  const keyOf = (p: readonly number[]) => [...p].sort((x, y) => x - y).join(" ");
  const withNeighbours = (primary: number[][]) => {
    const seen = new Set(primary.map(keyOf));
    const extra: number[][] = [];
    for (const p of neighbours) {
      if (seen.has(keyOf(p))) continue;
      seen.add(keyOf(p));
      extra.push(p);
    }
    // Either end of a pair may lead (pairs come as a < b): dealt by a random end, late documents get their turn too.
    const turned = (pairs: number[][]) => pairs.map((p) => (random() < 0.5 ? p : [...p].reverse()));
    return [...dealByDocument(turned(primary), docOf, random), ...dealByDocument(turned(extra), docOf, random)];
  };
  const specific = entityPairs(nodes).map((p) => [p.a, p.b]);
  queues.multi_hop_specific_query_synthesizer = new NodeQueue(withNeighbours(specific));
  const byDoc = new Map<string, number[]>();
  for (const i of good) byDoc.set(nodes[i]!.chunk.document, [...(byDoc.get(nodes[i]!.chunk.document) ?? []), i]);
  const abstract = documentPairs(docVectors).flatMap(([a, b]) => {
    const left = byDoc.get(docNames[a]!) ?? [];
    const right = byDoc.get(docNames[b]!) ?? [];
    if (left.length === 0 || right.length === 0) return [];
    return [[left[Math.floor(random() * left.length)]!, right[Math.floor(random() * right.length)]!]];
  });
  queues.multi_hop_abstract_query_synthesizer = new NodeQueue(withNeighbours(abstract));
  return queues;
}

/** Quick mode: chunks dealt per document; two-chunk strata take the chunk's nearest neighbour. */
export function quickQueue(nodes: readonly GraphNode[], random: RandomSource): NodeQueue<number[]> {
  return new NodeQueue(
    dealByDocument(
      nodes.map((_, i) => [i]),
      (item) => nodes[item[0]!]!.chunk.document,
      random,
    ),
  );
}

export function availableSynthesizers(queues: Queues): GraphSynthesizer[] {
  return SYNTHESIZERS.filter((s) => (queues[s]?.size ?? 0) > 0);
}

const STYLE_WORDS: Record<QueryStyle, string> = {
  PERFECT_GRAMMAR: "perfect grammar",
  POOR_GRAMMAR: "poor grammar",
  WEB_SEARCH_LIKE: "web search like (keywords, no full sentence)",
  MISSPELLED: "with a few misspelled words",
};
const LENGTH_WORDS: Record<QueryLength, string> = { SHORT: "short (under 10 words)", MEDIUM: "medium (10 to 20 words)", LONG: "long (over 20 words)" };

export interface Candidate {
  stratum: Stratum;
  nodes: GraphNode[];
  prompt: PromptDef<QueryOutput>;
  input: Record<string, string>;
}

function rotate<T>(list: readonly T[], value: T, by: number): T {
  return list[(list.indexOf(value) + by) % list.length]!;
}

function pick<T>(items: readonly T[], k: number): T | undefined {
  return items.length === 0 ? undefined : items[k % items.length];
}

/** The request for one stratum and its nodes; `lap` > 0 (the queue came round again) picks another term. */
export function candidateFor(
  asked: Stratum,
  item: readonly number[],
  lap: number,
  all: readonly GraphNode[],
  personas: readonly Persona[],
  pair: boolean,
): Candidate {
  // The same node with the same stratum would be the same request, answered from the cache with the
  // same question: a node drawn again writes in another style and length (recorded as such).
  const stratum =
    lap === 0 ? asked : { ...asked, style: rotate(QUERY_STYLES, asked.style, lap), length: rotate(QUERY_LENGTHS, asked.length, Math.floor(lap / 4)) };
  const style = STYLE_WORDS[stratum.style];
  const length = LENGTH_WORDS[stratum.length];
  const first = all[item[0]!]!;
  if (stratum.synthesizer === "quick") {
    const second = pair ? nearestNeighbour(all, item[0]!) : undefined;
    const nodes = second === undefined ? [first] : [first, all[second]!];
    return { stratum, nodes, prompt: quickPrompt, input: { style, length, contexts: numbered(nodes.map((n) => n.chunk.text)) } };
  }
  const persona = personas[stratum.persona] ?? { name: "Reader", role_description: "Someone who wants facts from these documents." };
  const who = `${persona.name}: ${persona.role_description}`;
  if (stratum.synthesizer === "single_hop_specific_query_synthesizer") {
    const terms = [...(first.facts?.entities ?? []), ...(first.facts?.themes ?? [])].map((t) => t.trim()).filter((t) => t !== "");
    const term = pick(terms, lap + stratum.persona + 1) ?? "the main fact of the context";
    return { stratum, nodes: [first], prompt: singleHopPrompt, input: { persona: who, term, style, length, context: first.chunk.text } };
  }
  const nodes = item.map((i) => all[i]!);
  const shared = new Set((nodes[1]!.facts?.entities ?? []).map((e) => e.toLowerCase()));
  const overlap = (first.facts?.entities ?? []).filter((e) => shared.has(e.toLowerCase()));
  const themes =
    stratum.synthesizer === "multi_hop_specific_query_synthesizer" && overlap.length > 0
      ? overlap
      : nodes.flatMap((n, k) => (pick(n.facts?.themes ?? [], lap + k) ?? "").trim() || []);
  return {
    stratum,
    nodes,
    prompt: multiHopPrompt,
    input: { persona: who, themes: themes.join(", ") || "what the contexts have in common", style, length, contexts: numbered(nodes.map((n) => n.chunk.text)) },
  };
}
