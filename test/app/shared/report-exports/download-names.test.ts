import { describe, expect, it } from "vitest";
import { exportFileName } from "../../../../src/app/shared/report-exports/download-names";
import { parseReport } from "../../../../src/storage/format/report-parse";
import { serializeReport } from "../../../../src/storage/format/report-build";
import { fakeReport } from "../../../storage/format/report-fixture";

/** The names the Reports view's export buttons give their downloads (ReportExports.tsx). */
describe("a report's export file names", () => {
  it("the report itself (JSON, HTML) is ragas-report-<created>; its rows (CSV, Parquet, JSONL) are ragas-results-<created>", () => {
    const report = fakeReport();
    expect(report.createdAt).toBe("2025-01-02T03:04:05.000Z");
    expect(exportFileName(report, "json")).toBe("ragas-report-2025-01-02-03-04-05.json");
    expect(exportFileName(report, "html")).toBe("ragas-report-2025-01-02-03-04-05.html");
    expect(exportFileName(report, "csv")).toBe("ragas-results-2025-01-02-03-04-05.csv");
    expect(exportFileName(report, "parquet")).toBe("ragas-results-2025-01-02-03-04-05.parquet");
    expect(exportFileName(report, "jsonl")).toBe("ragas-results-2025-01-02-03-04-05.jsonl");
  });

  it("a report file's own stamp, with an offset or from a hostile file, never puts a separator or dot in the name", () => {
    // A report made elsewhere keeps its offset: the name takes its first 19 characters (local time as written).
    const opened = parseReport(serializeReport({ ...fakeReport(), createdAt: "2025-06-30T23:59:59+08:00" }), "r.json");
    expect(opened.ok).toBe(true);
    expect(exportFileName(opened.ok ? opened.report : { createdAt: "" }, "csv")).toBe("ragas-results-2025-06-30-23-59-59.csv");
    expect(exportFileName({ createdAt: "../../etc/pa:ss wd" }, "json")).toBe("ragas-report-etcpa-sswd.json");
    expect(exportFileName({ createdAt: "" }, "html")).toBe("ragas-report-.html");
  });
});
