import { isMetricId, METRICS, needsNoModel } from "../../../engine";
import type { Formats } from "../i18n/format";
import type { ReportsMessages } from "./messages";

/**
 * The opened report's header line in Reports: the date in the reader's language (Intl, not the
 * raw ISO timestamp), the judge, and counts with their nouns ("50 samples", not a bare "50").
 */
interface ReportHeadInput {
  createdAt: string;
  config: { model: string; metrics: readonly string[] };
  samples: readonly unknown[];
}

export function reportHeadLine(r: ReportHeadInput, t: ReportsMessages["head"], fmt: Pick<Formats, "dateTime" | "number">): string {
  return reportHeadParts(r, t, fmt).join(" · ");
}

/** The line's parts, each a catalogue message on its own (the view shows them as separate texts). */
export function reportHeadParts(r: ReportHeadInput, t: ReportsMessages["head"], fmt: Pick<Formats, "dateTime" | "number">): string[] {
  const judged = asksJudge(r.config.metrics);
  const samples = r.samples.length;
  const metrics = r.config.metrics.length;
  return [
    t.created(fmt.dateTime(r.createdAt)),
    judged ? t.judge(r.config.model) : t.noJudge,
    t.samples(fmt.number(samples), samples),
    t.metrics(fmt.number(metrics), metrics),
  ];
}

/** A run of only the metrics that need no judge asked no model: naming one would mislead. */
export function asksJudge(metrics: readonly string[]): boolean {
  return metrics.some((id) => !isMetricId(id) || !needsNoModel(METRICS[id]));
}
