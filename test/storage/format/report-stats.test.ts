import { describe, expect, it } from "vitest";
import { wilsonInterval } from "../../../src/engine/stats/wilson";
import { parseReport, serializeReport } from "../../../src/storage/format/report";
import { summaryOnly } from "../../../src/storage/format/report-summary-only";
import { sampleScores } from "../../../src/storage/format/report-stats";
import { fakeReport } from "./report-fixture";

// The fixture: s1 scores faithfulness 0.5 and context_precision 1; s2 is null on both.
describe("report statistics (contract 14)", () => {
  it("marks each result's pass against its threshold (a null fails) and adds the pass rate with Wilson's interval", () => {
    const report = fakeReport({ thresholds: { faithfulness: 0.6, context_precision: 1 } });
    expect(report.config.thresholds).toEqual({ faithfulness: 0.6, context_precision: 1 });
    expect(report.results.map((r) => [r.metrics.faithfulness!.pass, r.metrics.context_precision!.pass])).toEqual([
      [false, true],
      [false, false],
    ]);
    expect(report.summary.faithfulness).toMatchObject({ passed: 0, passRate: 0, passRateCi95: wilsonInterval(0, 2), meanPasses: false });
    expect(report.summary.context_precision).toMatchObject({ passed: 1, passRate: 0.5, passRateCi95: wilsonInterval(1, 2), meanPasses: true });
    // A file with thresholds reads back as written, and a summary-only copy keeps each pass.
    expect(parseReport(serializeReport(report), "t.json")).toEqual({ ok: true, report });
    expect(summaryOnly(report).results[0]!.metrics.context_precision!.pass).toBe(true);
  });

  it("refuses a pass that does not follow from the score and the threshold, by path", () => {
    const doc = JSON.parse(serializeReport(fakeReport({ thresholds: { faithfulness: 0.4 } })));
    expect(doc.results[0].metrics.faithfulness.pass).toBe(true);
    doc.results[1].metrics.faithfulness.pass = true;
    const parsed = parseReport(JSON.stringify(doc), "edited.json");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.error.message).toBe("edited.json: results[1].metrics.faithfulness.pass: is true, but the score null against the threshold 0.4 gives false");
  });

  it("without thresholds writes no pass anywhere", () => {
    const report = fakeReport();
    expect(report.results[0]!.metrics.faithfulness).not.toHaveProperty("pass");
    expect(report.summary.faithfulness).not.toHaveProperty("passRate");
    expect(report.summary.faithfulness).not.toHaveProperty("withinSd");
  });

  it("gives a version-2 file the same intervals a version-3 build writes", () => {
    const built = fakeReport();
    const old = JSON.parse(serializeReport(built));
    old.version = 2;
    delete old.summary.faithfulness.ci95;
    delete old.summary.faithfulness.ciMethod;
    const parsed = parseReport(JSON.stringify(old), "v2.json");
    expect(parsed.ok && parsed.report.summary).toEqual(built.summary);
  });

  it("reads each sample's score as the summary counts it", () => {
    expect(sampleScores(fakeReport().results, "faithfulness")).toEqual([
      { sampleId: "s1", score: 0.5 },
      { sampleId: "s2", score: null },
    ]);
    expect(sampleScores(fakeReport().results, "answer_relevancy")).toEqual([]);
  });
});
