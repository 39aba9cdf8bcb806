import { describe, expect, it } from "vitest";
import { filterRows } from "../../../../src/app/shared/explorer/filter";
import { rowsOf } from "../../../../src/app/shared/explorer/rows";
import { pairedReport } from "./paired-reports";

describe("the explorer's pass / fail filter (contract 14's thresholds)", () => {
  // faithfulness >= 0.6 and exact_match >= 1 to pass; s2's faithfulness is a null (fails).
  const plain = pairedReport([0.9, 0.5, null, 0.7], [1, 1, 0, 0]);
  const report = pairedReport([0.9, 0.5, null, 0.7], [1, 1, 0, 0], "judge-a", { faithfulness: 0.6, exact_match: 1 });
  const rows = rowsOf(report);
  const ids = (list: { sample: { id: string } }[]) => list.map((r) => r.sample.id);

  it("the report marks each result; a chosen metric filters on its own mark", () => {
    expect(rows.map((r) => r.metrics.faithfulness?.pass)).toEqual([true, false, false, true]);
    expect(ids(filterRows(rows, { metric: "faithfulness", pass: "pass" }))).toEqual(["s0", "s3"]);
    expect(ids(filterRows(rows, { metric: "faithfulness", pass: "fail" }))).toEqual(["s1", "s2"]);
    expect(ids(filterRows(rows, { metric: "exact_match", pass: "fail" }))).toEqual(["s2", "s3"]);
  });

  it("without a metric: fail = any metric fails, pass = every thresholded metric passes", () => {
    expect(ids(filterRows(rows, { pass: "fail" }))).toEqual(["s1", "s2", "s3"]);
    expect(ids(filterRows(rows, { pass: "pass" }))).toEqual(["s0"]);
  });

  it("a report without thresholds has no mark: the filter matches nothing rather than everything", () => {
    expect(filterRows(rowsOf(plain), { pass: "pass" })).toEqual([]);
    expect(filterRows(rowsOf(plain), { pass: "fail" })).toEqual([]);
  });
});
