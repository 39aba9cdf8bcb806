import { describe, expect, it } from "vitest";
import { compareReports } from "../../../../src/app/shared/explorer/compare";
import { filterRows, sortRows } from "../../../../src/app/shared/explorer/filter";
import { errorCodesOf, metricIdsOf, rowsOf, scoreOf } from "../../../../src/app/shared/explorer/rows";
import { histogram, metricStats, ragasScoreOf } from "../../../../src/app/shared/explorer/stats";
import { fakeReport } from "../../../storage/format/report-fixture";
import { scoredReport, spreadScores } from "./scored-report";

describe("explorer rows, filters and sort", () => {
  const report = scoredReport([0.2, 0.9, null, 0.5, 1]);
  const rows = rowsOf(report);
  const ids = (list: { sample: { id: string } }[]) => list.map((r) => r.sample.id);

  it("filters by a metric threshold (nulls never match), nulls only, error code and text", () => {
    expect(ids(filterRows(rows, { metric: "faithfulness", op: "<", threshold: 0.5 }))).toEqual(["s0"]);
    expect(ids(filterRows(rows, { metric: "faithfulness", op: ">=", threshold: 0.5 }))).toEqual(["s1", "s3", "s4"]);
    expect(ids(filterRows(rows, { nullsOnly: true }))).toEqual(["s2"]);
    expect(ids(filterRows(rows, { code: "no_statements" }))).toEqual(["s2"]);
    expect(ids(filterRows(rows, { code: "llm_error" }))).toEqual([]);
    expect(ids(filterRows(rows, { text: "QUESTION 3" }))).toEqual(["s3"]);
    expect(errorCodesOf(rows)).toEqual(["no_statements"]);
  });

  it("sorts by a metric with nulls last either way, ties by position", () => {
    expect(ids(sortRows(rows, { key: "faithfulness", dir: "asc" }))).toEqual(["s0", "s3", "s1", "s4", "s2"]);
    expect(ids(sortRows(rows, { key: "faithfulness", dir: "desc" }))).toEqual(["s4", "s1", "s3", "s0", "s2"]);
    expect(ids(sortRows(rows, { key: "index", dir: "desc" }))).toEqual(["s4", "s3", "s2", "s1", "s0"]);
  });

  it("summarises like the engine, plus the sample standard deviation and a histogram", () => {
    const s = metricStats(rows, "faithfulness");
    expect(s).toMatchObject({ count: 4, nullCount: 1, nullCodes: { no_statements: 1 }, min: 0.2, max: 1 });
    expect(s.mean).toBeCloseTo(0.65, 12);
    expect(s.median).toBeCloseTo(0.7, 12);
    expect(s.std).toBeCloseTo(Math.sqrt((0.45 ** 2 + 0.25 ** 2 + 0.15 ** 2 + 0.35 ** 2) / 3), 12);
    expect(histogram([0, 0.05, 0.5, 0.99, 1], 10).counts).toEqual([2, 0, 0, 0, 0, 1, 0, 0, 0, 2]);
  });

  it("gives the report's own RAGAS score for all rows", () => {
    const r = fakeReport();
    const all = rowsOf(r);
    expect(ragasScoreOf(metricIdsOf(r).map((m) => [m, metricStats(all, m)] as const))).toBeCloseTo(r.summary.ragasScore!, 12);
  });
});

describe("10,000 samples (the issue's size; the browser test shows the table at 1,000)", () => {
  const report = scoredReport(spreadScores(10_000));
  const rows = rowsOf(report);

  it("sorts lowest first, filters faithfulness < 0.5, nulls only and by error code, as the Reports view counts them", () => {
    expect(rows).toHaveLength(10_000);
    expect(scoreOf(sortRows(rows, { key: "faithfulness", dir: "asc" })[0]!, "faithfulness")).toBe(0);
    const below = report.results.filter((r) => (r.metrics.faithfulness!.score ?? 1) < 0.5).length;
    expect(below).toBeGreaterThan(0);
    expect(filterRows(rows, { metric: "faithfulness", op: "<", threshold: 0.5 })).toHaveLength(below);
    expect(filterRows(rows, { metric: "faithfulness", op: "<", threshold: 0.5, nullsOnly: true })).toHaveLength(0);
    const coded = filterRows(rows, { code: "no_statements" });
    expect(coded).toHaveLength(200);
    // The summary of those rows has no mean (the view shows "—").
    expect(metricStats(coded, "faithfulness").mean).toBeNull();
  });
});

describe("compareReports", () => {
  it("matches by id, sorts rows by the largest change and flags disagreements", () => {
    const a = scoredReport([0.2, 0.9, null, 0.5, 1]);
    const b = scoredReport([0.8, 0.85, 0.4, null, 1], ["s4", "s1", "s2", "s3", "s0"]);
    // b's ids are shuffled: s4 <- 0.8, s1 <- 0.85, s2 <- 0.4, s3 <- null, s0 <- 1
    const cmp = compareReports(a, b, 0.2);
    expect(cmp.metrics).toEqual(["faithfulness"]);
    expect(cmp.rows.map((r) => [r.id, Number(r.size.toFixed(2))])).toEqual([
      ["s0", 0.8],
      ["s4", 0.2],
      ["s1", 0.05],
      ["s2", 0],
      ["s3", 0],
    ]);
    expect(cmp.rows.filter((r) => r.disagree).map((r) => r.id)).toEqual(["s0", "s2", "s3"]);
    expect(cmp.rows.find((r) => r.id === "s3")!.nullMismatch).toEqual(["faithfulness"]);
    expect(cmp.summary[0]!.a).toBeCloseTo(0.65, 12);
    expect(cmp.summary[0]!.b).toBeCloseTo((0.8 + 0.85 + 0.4 + 1) / 4, 12);
    expect(cmp.onlyA).toEqual([]);
  });

  it("leaves out samples only one report has, and says so", () => {
    const a = scoredReport([0.5, 0.5]);
    const b = scoredReport([0.5], ["s1"]);
    const cmp = compareReports(a, b, 0.1);
    expect(cmp.rows.map((r) => r.id)).toEqual(["s1"]);
    expect(cmp.onlyA).toEqual(["s0"]);
  });
});
