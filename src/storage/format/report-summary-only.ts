import type { Report } from "./report-schema";

/**
 * A "summary only" copy of a report (tracesOmitted, since version 2): samples, scores, reasons,
 * null codes, summary and usage stay; every trace becomes `{ calls: [] }` and the prompt texts go.
 * What a share link carries when the full report is too long for a URL.
 */
export function summaryOnly(report: Report): Report {
  return {
    ...report,
    config: { ...report.config, prompts: [] },
    results: report.results.map((row) => ({
      sampleId: row.sampleId,
      metrics: Object.fromEntries(
        Object.entries(row.metrics).map(([id, m]) => {
          const slim: Report["results"][number]["metrics"][string] = { score: m.score, trace: { calls: [] } };
          if (m.reason !== undefined) slim.reason = m.reason;
          if (m.error) slim.error = { code: m.error.code, message: m.error.message };
          if (m.pass !== undefined) slim.pass = m.pass;
          return [id, slim];
        }),
      ),
    })),
    tracesOmitted: true,
  };
}
