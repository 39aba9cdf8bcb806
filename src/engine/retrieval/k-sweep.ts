import type { LabelSource, SampleRanking } from "./rankings";
import { measureAt } from "./rankings";

interface SweepPoint {
  k: number;
  precision: number;
  recall: number;
  ndcg: number;
}

export interface KSweep {
  points: SweepPoint[];
  /** Samples in the means (those with a relevant id), by where their labels came from. */
  samples: Record<LabelSource, number>;
}

/** The mean precision@k, recall@k and NDCG@k over a run's samples for k = 1..maxK (the curves a K-sweep draws). */
export function kSweep(rankings: readonly SampleRanking[], maxK = 20): KSweep {
  const counted = rankings.filter((r) => r.list.relevantCount > 0);
  const samples: Record<LabelSource, number> = { ids: 0, judge: 0 };
  for (const r of counted) samples[r.source]++;
  const mean = (id: "precision_at_k" | "recall_at_k" | "ndcg_at_k", k: number) =>
    counted.length === 0 ? 0 : counted.reduce((sum, r) => sum + (measureAt(r.list, id, k) ?? 0), 0) / counted.length;
  const points: SweepPoint[] = [];
  if (counted.length > 0) {
    for (let k = 1; k <= maxK; k++) points.push({ k, precision: mean("precision_at_k", k), recall: mean("recall_at_k", k), ndcg: mean("ndcg_at_k", k) });
  }
  return { points, samples };
}

export interface LabelScores {
  hitRate: number;
  mrr: number;
  ndcg: number;
  samples: number;
}

/**
 * Hit rate, MRR and NDCG@k averaged over the samples whose labels came from `source`: with
 * "judge", the scores a dataset without ids gets from its context precision verdicts. Undefined
 * when no such sample has a relevant context.
 */
export function labelScores(rankings: readonly SampleRanking[], source: LabelSource, k = 10): LabelScores | undefined {
  const lists = rankings.filter((r) => r.source === source && r.list.relevantCount > 0).map((r) => r.list);
  if (lists.length === 0) return undefined;
  const mean = (id: "hit_rate" | "mrr" | "ndcg_at_k") => lists.reduce((sum, l) => sum + (measureAt(l, id, k) ?? 0), 0) / lists.length;
  return { hitRate: mean("hit_rate"), mrr: mean("mrr"), ndcg: mean("ndcg_at_k"), samples: lists.length };
}
