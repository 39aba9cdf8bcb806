import { writeCsv } from "./csv";
import type { Report } from "./report-schema";

/**
 * A report flattened for spreadsheets: one row per sample, a score column and an error-code
 * column per metric (an empty score with a code is a coded null, never a 0), plus the reason.
 */
export function resultsToCsv(report: Report): string {
  const metrics = report.config.metrics;
  const header = ["id", "question", "answer", ...metrics.flatMap((m) => [m, `${m}_error`, `${m}_reason`])];
  const byId = new Map(report.results.map((r) => [r.sampleId, r]));
  const rows = report.samples.map((s) => {
    const r = byId.get(s.id);
    return [
      s.id,
      s.question,
      s.answer,
      ...metrics.flatMap((m) => {
        const result = r?.metrics[m];
        return [result?.score ?? "", result?.error?.code ?? "", result?.reason ?? result?.error?.message ?? ""];
      }),
    ];
  });
  return writeCsv([header, ...rows]);
}
