import { LOWER_IS_BETTER } from "../engine/metrics/types";
import { metricSummaryOf, type Report } from "../storage/format/report-schema";

/** The metrics whose mean is on the wrong side of their --threshold (a metric with no mean at all misses it too). */
export function thresholdsMissed(report: Report): string[] {
  return Object.entries(report.config.thresholds ?? {}).flatMap(([id, threshold]) => {
    const s = metricSummaryOf(report.summary, id);
    if (s?.meanPasses === true) return [];
    const side = LOWER_IS_BETTER.includes(id) ? "above" : "below";
    return [s?.mean == null ? `${id} has no mean (every result null)` : `${id} mean ${s.mean.toFixed(3)} is ${side} ${threshold}`];
  });
}
