import { getMetric, isMetricId } from "./metrics/registry";
import type { ScoreOutcome } from "./result";

/** Recomputes a score from a stored trace (reports and imports check scores this way). */
export function recomputeScore(metricId: string, trace: unknown): ScoreOutcome {
  if (!isMetricId(metricId)) throw new Error(`unknown metric "${metricId}"`);
  return getMetric(metricId).score(trace as never);
}
