import { z } from "zod";
import { METRIC_IDS, type MetricId } from "../../engine/metrics/types";
import type { MetricResult } from "../../engine/result";
import { metricResultSchema } from "../format/report-schema";
import { TRACE_FIELDS, TRACE_ITEMS } from "../format/trace-schemas";

/**
 * Metric results as history and the last session keep them. The same schemas as a report file
 * (one definition of a result), plus each metric's trace fields, because the playground renders
 * a stored trace directly and a malformed one must be caught here, not in a React component.
 */

export type StoredResults = Partial<Record<MetricId, MetricResult>>;

function storedResult(id: MetricId) {
  return metricResultSchema.superRefine((result, ctx) => {
    // A null result (missing input, cancelled, ...) may stop before its trace has items.
    if (result.score === null && !(TRACE_ITEMS[id] in result.trace)) return;
    const parsed = TRACE_FIELDS[id].safeParse(result.trace);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: ["trace", ...issue.path] });
  });
}

/*
 * Typed as the engine's MetricResult so the UI renders stored and fresh results alike. The one
 * looseness: an error code written by a newer build passes as text (it is only ever displayed).
 */
export const storedResultsSchema = z.object(
  Object.fromEntries(METRIC_IDS.map((id) => [id, storedResult(id).optional()])),
) as unknown as z.ZodType<StoredResults>;

/** Metric ids as stored: ids this build does not know (a newer build's metrics) are dropped, not fatal. */
export const storedMetricIdsSchema = z.array(z.string()).transform((ids) => ids.filter((id): id is MetricId => (METRIC_IDS as readonly string[]).includes(id)));
