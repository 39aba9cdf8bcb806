import { isCustomId } from "../../../engine/metrics/custom";
import { type AnyMetricId, METRIC_IDS } from "../../../engine/metrics/types";
import type { Sample } from "../../../engine/sample";
import type { Report, ReportMetricResult } from "../../../storage/format/report-schema";

/** One sample of a report with its results, as the explorer's table and filters see it. */
export interface ExplorerRow {
  /** Position in the report (a stable tie-break for sorting). */
  index: number;
  sample: Sample;
  metrics: Partial<Record<AnyMetricId, ReportMetricResult>>;
}

/** The report's metrics: built-in ones in the app's fixed order, then its custom judges (unknown ids cannot pass report parsing). */
export function metricIdsOf(report: Report): AnyMetricId[] {
  const builtIn: AnyMetricId[] = METRIC_IDS.filter((id) => report.config.metrics.includes(id));
  return [...builtIn, ...report.config.metrics.filter(isCustomId)];
}

export function rowsOf(report: Report): ExplorerRow[] {
  const byId = new Map(report.results.map((r) => [r.sampleId, r.metrics]));
  return report.samples.map((sample, index) => ({ index, sample, metrics: (byId.get(sample.id) ?? {}) as ExplorerRow["metrics"] }));
}

export function scoreOf(row: ExplorerRow, metric: AnyMetricId): number | null | undefined {
  const m = row.metrics[metric];
  return m === undefined ? undefined : m.score;
}

/** Every error code of the report's nulls, for the "by error code" filter. */
export function errorCodesOf(rows: readonly ExplorerRow[]): string[] {
  const codes = new Set<string>();
  for (const row of rows) for (const m of Object.values(row.metrics)) if (m?.score === null && m.error) codes.add(m.error.code);
  return [...codes].sort();
}
