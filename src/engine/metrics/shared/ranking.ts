import type { CallRecord } from "../../result";
import type { Sample } from "../../sample";

/**
 * The rank math of the retrieval metrics (DESIGN.md contract 15), in one place: every id metric,
 * the K-sweep and the labels taken from a judge's verdicts compute from these, so one definition
 * holds everywhere. The bugs this family is known for are each pinned by a reference case
 * (test/fixtures/retrieval/make_reference.py): the IDCG is taken over the relevant ids' own gains,
 * recall divides by R (never a hit flag), and the list keeps its rank order while duplicates go.
 */

/** One retrieved id at its 1-based rank (after de-duplication) with its gain (0 = not relevant). */
export interface RankedItem {
  id: string;
  rank: number;
  gain: number;
}

/** What every retrieval metric's score is computed from. */
export interface RankedList {
  /** The cutoff, for the metrics that have one; null for those over all ranks (and r_precision, cut at R). */
  k: number | null;
  /** The whole de-duplicated list, in rank order (a cutoff only limits what is counted). */
  retrieved: RankedItem[];
  /** R: how many ids are relevant (gain > 0), retrieved or not. */
  relevantCount: number;
  /** The relevant ids' gains, highest first (length R): the ideal ranking NDCG divides by. */
  relevantGains: number[];
}

export type RankedTrace = RankedList & { calls: CallRecord[] };

/** gain(id) = its grade when graded, else 1 for a reference id, else 0 (a grade of 0 makes a reference id irrelevant). */
export function gainsOf(sample: Pick<Sample, "referenceContextIds" | "referenceContextGrades">): Map<string, number> {
  const gains = new Map<string, number>();
  for (const id of sample.referenceContextIds ?? []) gains.set(id, 1);
  for (const [id, grade] of Object.entries(sample.referenceContextGrades ?? {})) gains.set(id, grade);
  return gains;
}

/** The retrieved ids de-duplicated (an id's later occurrences are dropped, the ranks after them move up), with their gains. */
export function rankedList(retrievedIds: readonly string[], gains: ReadonlyMap<string, number>, k: number | null): RankedList {
  const seen = new Set<string>();
  const retrieved: RankedItem[] = [];
  for (const id of retrievedIds) {
    if (seen.has(id)) continue;
    seen.add(id);
    retrieved.push({ id, rank: retrieved.length + 1, gain: gains.get(id) ?? 0 });
  }
  const relevantGains = [...gains.values()].filter((g) => g > 0).sort((a, b) => b - a);
  return { k, retrieved, relevantCount: relevantGains.length, relevantGains };
}

const isRelevant = (item: RankedItem) => item.gain > 0;

/** Relevant items among the first `cut` ranks. */
export function hitsWithin(list: RankedList, cut: number): number {
  let hits = 0;
  for (const item of list.retrieved) if (item.rank <= cut && isRelevant(item)) hits++;
  return hits;
}

/** DCG over the first k ranks: sum of gain / log2(rank + 1). */
export function dcgAt(list: RankedList, k: number): number {
  let dcg = 0;
  for (const item of list.retrieved) if (item.rank <= k) dcg += item.gain / Math.log2(item.rank + 1);
  return dcg;
}

/** The same over the relevant ids' own gains, best first: what a perfect ranking would score (never the retrieved gains re-sorted). */
export function idealDcgAt(list: RankedList, k: number): number {
  let idcg = 0;
  for (let i = 0; i < Math.min(k, list.relevantGains.length); i++) idcg += list.relevantGains[i]! / Math.log2(i + 2);
  return idcg;
}

/** The rank formulas of contract 15; each assumes R > 0 (the metric says missing_input before). */
export const measures = {
  id_context_precision: (l: RankedList) => (l.retrieved.length === 0 ? 0 : hitsWithin(l, Infinity) / l.retrieved.length),
  id_context_recall: (l: RankedList) => hitsWithin(l, Infinity) / l.relevantCount,
  hit_rate: (l: RankedList, k: number) => (hitsWithin(l, k) > 0 ? 1 : 0),
  // Divided by k even when fewer than k were retrieved (a short list is not rewarded for being short).
  precision_at_k: (l: RankedList, k: number) => hitsWithin(l, k) / k,
  recall_at_k: (l: RankedList, k: number) => hitsWithin(l, k) / l.relevantCount,
  mrr: (l: RankedList, k: number) => {
    const first = l.retrieved.find((item) => item.rank <= k && isRelevant(item));
    return first ? 1 / first.rank : 0;
  },
  average_precision: (l: RankedList, k: number) => {
    let hits = 0;
    let sum = 0;
    for (const item of l.retrieved) {
      if (item.rank > k) break;
      if (!isRelevant(item)) continue;
      hits++;
      sum += hits / item.rank;
    }
    return sum / l.relevantCount;
  },
  ndcg_at_k: (l: RankedList, k: number) => dcgAt(l, k) / idealDcgAt(l, k),
  r_precision: (l: RankedList) => hitsWithin(l, l.relevantCount) / l.relevantCount,
} as const;

export type RetrievalMetricId = keyof typeof measures;

/** The first relevant item within the trace's cutoff (all ranks without one). */
export function firstRelevantWithin(list: RankedList): RankedItem | undefined {
  return list.retrieved.find((item) => item.rank <= (list.k ?? Number.POSITIVE_INFINITY) && isRelevant(item));
}
