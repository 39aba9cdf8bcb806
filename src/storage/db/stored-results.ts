import { z } from "zod";
import { isKnownMetricId } from "../../engine/metrics/registry";
import type { AnyMetricId } from "../../engine/metrics/types";
import type { MetricResult } from "../../engine/result";
import { metricResultSchema } from "../format/report-schema";
import { traceFieldsOf, traceItemsOf } from "../format/trace-schemas";

/**
 * Metric results as history and the last session keep them. The same schemas as a report file
 * (one definition of a result), plus each metric's trace fields, because the playground renders
 * a stored trace directly and a malformed one must be caught here, not in a React component.
 */

type StoredResults = Partial<Record<AnyMetricId, MetricResult>>;

function storedResult(id: AnyMetricId) {
  const fields = traceFieldsOf(id)!;
  return metricResultSchema.superRefine((result, ctx) => {
    // A null result (missing input, cancelled, ...) may stop before its trace has items.
    if (result.score === null && !(traceItemsOf(id) in result.trace)) return;
    const parsed = fields.safeParse(result.trace);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: ["trace", ...issue.path] });
  });
}

const isStored = (id: string): id is AnyMetricId => isKnownMetricId(id) && traceFieldsOf(id) !== undefined;

/*
 * Typed as the engine's MetricResult so the UI renders stored and fresh results alike: calls and
 * error codes are read with the engine's own schemas (a code this build does not know is an issue).
 * Every metric this build knows is kept, custom judges included; a newer build's metric is dropped.
 */
export const storedResultsSchema = z.record(z.string(), z.unknown()).transform((raw, ctx) => {
  const out: StoredResults = {};
  for (const [id, value] of Object.entries(raw)) {
    if (!isStored(id) || value === undefined) continue;
    const parsed = storedResult(id).safeParse(value);
    if (parsed.success) out[id] = parsed.data;
    else for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [id, ...issue.path] });
  }
  return out;
});

/**
 * The metric picker's option values as the user typed them (text, or a checkbox's boolean), by
 * metric id: what the form shows again on a reload or when a history entry is reopened. They are
 * checked again (parseMetricOptions) when scored, like anything typed.
 */
export const storedPickerOptionsSchema = z.record(z.string(), z.record(z.string(), z.union([z.string(), z.boolean()])));

/** Metric ids as stored: ids this build does not know (a newer build's metrics) are dropped, not fatal. */
export const storedMetricIdsSchema = z.array(z.string()).transform((ids) => ids.filter(isStored));
