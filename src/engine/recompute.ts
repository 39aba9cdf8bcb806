import { isCustomId, scoreCustomJudge } from "./metrics/custom";
import { getMetric, isMetricId } from "./metrics/registry";
import type { ScoreOutcome } from "./result";

/**
 * Recomputes a score from a stored trace (reports and imports check scores this way). A custom
 * judge's score needs only its trace (scale and votes), not its definition.
 */
export function recomputeScore(metricId: string, trace: unknown): ScoreOutcome {
  if (isCustomId(metricId)) return scoreCustomJudge(trace as never);
  if (!isMetricId(metricId)) throw new Error(`unknown metric "${metricId}"`);
  return getMetric(metricId).score(trace as never);
}
