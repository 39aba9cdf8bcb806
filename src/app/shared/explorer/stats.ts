import { std } from "../../../engine/math/std";
import { summarizeScores } from "../../../engine/run/aggregate";
import { ragasScoreOfMeans } from "../../../engine/run/ragas-score";
import type { AnyMetricId } from "../../../engine/metrics/types";
import type { ExplorerRow } from "./rows";
import type { IntervalStats } from "./summary-model";

/**
 * Per-metric numbers over the rows shown: the engine's summary (mean, median, nulls by code) plus
 * the spread; the interval, pass rate and judge noise once the statistics worker has them (ci95
 * undefined = still computing).
 */
export interface MetricStats extends Partial<IntervalStats> {
  mean: number | null;
  median: number | null;
  /** Sample standard deviation (n - 1); null with fewer than two scores. */
  std: number | null;
  min: number | null;
  max: number | null;
  count: number;
  nullCount: number;
  nullCodes: Record<string, number>;
  scores: number[];
}

export function metricStats(rows: readonly ExplorerRow[], metric: AnyMetricId): MetricStats {
  const results = rows.map((r) => r.metrics[metric]).filter((m) => m !== undefined);
  const base = summarizeScores(
    results.map((m) => m.score),
    results.map((m) => m.error?.code),
  );
  const scores = results.map((m) => m.score).filter((s): s is number => s !== null);
  return { ...base, std: std(scores), min: scores.length ? Math.min(...scores) : null, max: scores.length ? Math.max(...scores) : null, scores };
}

/** The paper-era RAGAS score of these rows: harmonic mean of the metric means (engine's definition). */
export function ragasScoreOf(stats: readonly (readonly [metricId: string, stats: MetricStats])[]): number | null {
  return ragasScoreOfMeans(stats.map(([id, s]) => [id, s.mean]));
}

/** Counts of scores in `bins` equal bins over [0, 1]; a score of exactly 1 falls in the last bin. */
export function histogram(scores: readonly number[], bins = 10): { starts: number[]; counts: number[] } {
  const counts = new Array<number>(bins).fill(0);
  for (const s of scores) counts[Math.min(bins - 1, Math.max(0, Math.floor(s * bins)))]!++;
  return { starts: counts.map((_, i) => i / bins), counts };
}
