import type { z } from "zod";
import { customJudgeTraceFields, isCustomId } from "../../engine/metrics/custom";
import { isMetricId, METRICS } from "../../engine/metrics/registry";
import type { MetricId } from "../../engine/metrics/types";

/**
 * The trace fields each metric's score is computed from (DESIGN.md contract 4), as each metric's
 * folder defines them (trace.ts, tied to its trace type at compile time). A report from a file is
 * untrusted: these are checked before recomputeScore sees a trace, so a hand-edited verdict of "yes"
 * or 2 is named by its path instead of quietly changing a score. A new metric brings its own: nothing
 * here changes.
 */
export const TRACE_FIELDS = Object.fromEntries(Object.entries(METRICS).map(([id, metric]) => [id, metric.traceFields])) as Record<MetricId, z.ZodType>;

/** The trace checks for any metric id (undefined: not a metric this version knows). */
export function traceFieldsOf(metricId: string): z.ZodType | undefined {
  if (isCustomId(metricId)) return customJudgeTraceFields;
  return isMetricId(metricId) ? METRICS[metricId].traceFields : undefined;
}

/** What a metric's score is computed from, in words, for a mismatch message (also the field a null result may lack). */
export function traceItemsOf(metricId: string): string {
  if (isCustomId(metricId)) return "votes";
  return isMetricId(metricId) ? METRICS[metricId].traceItems : "trace";
}
