import { isTargetFailed, type TargetOutcome } from "./outcome";

/**
 * The target's side of a run's summary: how many samples were asked, how many failed, and the
 * latency percentiles of the answered ones. Percentiles interpolate linearly between order
 * statistics (numpy's default "linear" method, pandas' quantile), so p50 is the usual median.
 */
export interface TargetSummary {
  count: number;
  errorCount: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export function targetSummary(outcomes: readonly TargetOutcome[]): TargetSummary {
  const ms = outcomes.filter((o) => !isTargetFailed(o)).map((o) => o.ms);
  return {
    count: outcomes.length,
    errorCount: outcomes.filter(isTargetFailed).length,
    p50Ms: percentile(ms, 0.5),
    p95Ms: percentile(ms, 0.95),
  };
}
