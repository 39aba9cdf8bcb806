import { type MetricResult, metricShape } from "../../../engine";
import type { Lang } from "../i18n/lang";

/**
 * The card's one-line "why", told from the trace in the UI language by the metric's own
 * `summarize` (its folder holds the words in every language; the engine's English reason goes into
 * reports). Undefined when the metric has none, the trace is not one it wrote, or there is nothing
 * to count: the card then shows the engine's reason.
 */
export function traceSummary(lang: Lang, id: string, result: MetricResult): string | undefined {
  const shape = metricShape(id);
  if (!shape?.summarize || !shape.traceFields.safeParse(result.trace).success) return undefined;
  // Checked against the metric's own trace schema above: it is the trace its summarize reads.
  return shape.summarize(result.trace)?.[lang];
}
