import { describe, expect, it } from "vitest";
import { parseReport, REPORT_VERSION, serializeReport } from "../../../src/storage/format/report";
import { summaryOnly } from "../../../src/storage/format/report-summary-only";
import { withStatistics } from "../../../src/storage/format/report-stats";
import { fakeReport } from "./report-fixture";

describe("report format version 2", () => {
  it("reads a version-1 file unchanged but for the version and the intervals its results give (identity migrations)", () => {
    expect(REPORT_VERSION).toBe(3);
    const v1 = { ...JSON.parse(serializeReport(fakeReport())), version: 1 };
    for (const summary of [v1.summary.faithfulness, v1.summary.context_precision]) {
      delete summary.ci95;
      delete summary.ciMethod;
    }
    const parsed = parseReport(JSON.stringify(v1), "old.json");
    expect(parsed.ok && parsed.migratedFrom).toBe(1);
    expect(parsed.ok && parsed.report).toEqual(withStatistics({ ...v1, version: 3 }));
    expect(parsed.ok && parsed.report.summary.faithfulness).toMatchObject({ ci95: [0.5, 0.5], ciMethod: "bootstrap" });
  });

  it("a summary-only copy drops traces and prompts, keeps scores, codes and summary, and parses back", () => {
    const full = fakeReport();
    const slim = summaryOnly(full);
    expect(slim.tracesOmitted).toBe(true);
    expect(slim.config.prompts).toEqual([]);
    expect(slim.results[0]!.metrics.faithfulness).toEqual({ score: 0.5, reason: full.results[0]!.metrics.faithfulness!.reason, trace: { calls: [] } });
    expect(slim.results[1]!.metrics.faithfulness!.error).toEqual({ code: "no_statements", message: "the answer makes no claim" });
    expect(slim.summary).toEqual(full.summary);
    const parsed = parseReport(serializeReport(slim), "slim.json");
    expect(parsed).toEqual({ ok: true, report: slim });
    expect(serializeReport(slim).length).toBeLessThan(serializeReport(full).length / 2);
  });

  it("still refuses a full report whose trace was stripped (the score no longer follows from it)", () => {
    const doc = JSON.parse(serializeReport(fakeReport()));
    doc.results[0].metrics.faithfulness.trace = { calls: [] };
    const parsed = parseReport(JSON.stringify(doc), "cut.json");
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error.path).toBe("results[0].metrics.faithfulness.trace.statements");
  });

  it("still cross-checks a summary-only copy's summary", () => {
    const doc = JSON.parse(serializeReport(summaryOnly(fakeReport())));
    doc.summary.faithfulness.mean = 0.9;
    const parsed = parseReport(JSON.stringify(doc), "slim.json");
    expect(!parsed.ok && parsed.error.path).toBe("summary.faithfulness.mean");
  });
});
