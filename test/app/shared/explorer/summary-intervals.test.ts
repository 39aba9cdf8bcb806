import { describe, expect, it } from "vitest";
import { filterRows } from "../../../../src/app/shared/explorer/filter";
import { rowsOf } from "../../../../src/app/shared/explorer/rows";
import { intervalInputs, intervalStatsOf } from "../../../../src/app/shared/explorer/summary-model";
import { meanInterval } from "../../../../src/engine/stats/interval";
import { metricSummaryOf } from "../../../../src/storage/format/report-schema";
import { withStatistics } from "../../../../src/storage/format/report-stats";
import reference from "../../../fixtures/stats/reference.json";
import { pairedReport } from "./paired-reports";
import { scoredReport, spreadScores } from "./scored-report";

describe("the explorer's intervals (contract 14) over the rows shown", () => {
  const report = scoredReport(spreadScores(200));
  const rows = rowsOf(report);

  it("over every row they are the report's own: the same interval wherever the report is opened", () => {
    const stats = intervalStatsOf(intervalInputs(rows, ["faithfulness"], {}, null));
    const summary = metricSummaryOf(report.summary, "faithfulness")!;
    expect(summary.ci95).toBeDefined();
    expect(stats.faithfulness!.ci95).toEqual(summary.ci95);
    expect(stats.faithfulness!.ciMethod).toBe("bootstrap");
    expect(stats.faithfulness!.passRate).toBeUndefined();
    expect(stats.faithfulness!.noise).toBeUndefined();
  });

  it("a filter narrows them to the rows shown; 0/1 scores take Wilson's interval; no score, no interval", () => {
    const high = filterRows(rows, { metric: "faithfulness", op: ">=", threshold: 0.5 });
    const narrowed = intervalStatsOf(intervalInputs(high, ["faithfulness"], {}, null)).faithfulness!;
    expect(narrowed.ci95![0]).toBeGreaterThanOrEqual(0.5);
    const binary = pairedReport([0.5, 0.5, 0.5, 0.5], [1, 1, 0, 1]);
    const wilson = intervalStatsOf(intervalInputs(rowsOf(binary), ["exact_match"], {}, null)).exact_match!;
    expect(wilson.ciMethod).toBe("wilson");
    // statsmodels proportion_confint(3, 4, method="wilson") = (0.30064184258240184, 0.9544127391902995)
    expect(wilson.ci95![0]).toBeCloseTo(0.30064184258240184, 9);
    expect(wilson.ci95![1]).toBeCloseTo(0.9544127391902995, 9);
    const nulls = intervalStatsOf(intervalInputs(filterRows(rows, { nullsOnly: true }), ["faithfulness"], {}, null)).faithfulness!;
    expect(nulls.ci95).toBeNull();
  });

  it("with a threshold: the pass rate over every row the metric ran on (a null fails) and Wilson's interval of it", () => {
    const scores = [0.9, 0.8, 0.5, null, 0.75];
    const stats = intervalStatsOf(intervalInputs(rowsOf(scoredReport(scores)), ["faithfulness"], { faithfulness: 0.75 }, null)).faithfulness!;
    // 0.9, 0.8 and 0.75 pass; 0.5 and the null fail.
    expect(stats.passRate).toMatchObject({ rate: 0.6, pass: 3, all: 5, threshold: 0.75 });
    // statsmodels proportion_confint(3, 5, method="wilson") = (0.2307242812760129, 0.8823792257673522)
    expect(stats.passRate!.ci95[0]).toBeCloseTo(0.2307242812760129, 9);
    expect(stats.passRate!.ci95[1]).toBeCloseTo(0.8823792257673522, 9);
  });

  it("a repeat-n run: the judge's noise from each sample's runs", () => {
    const base = scoredReport([0.5, 0.8, 0.2]);
    // Runs 2 and 3 (a report's results[].repeats): s0 moves (0.5, 0.6, 0.7), s1 and s2 agree every time.
    const again = (scores: number[]) => scoredReport(scores).results.map((r) => r.metrics);
    const [r2, r3] = [again([0.6, 0.8, 0.2]), again([0.7, 0.8, 0.2])];
    const repeats = new Map(base.results.map((r, i) => [r.sampleId, [r2[i]!, r3[i]!]]));
    const rowsR = rowsOf(base);
    const noise = intervalStatsOf(intervalInputs(rowsR, ["faithfulness"], {}, repeats)).faithfulness!.noise!;
    expect(noise.samples).toBe(3);
    expect(noise.disagreeShare).toBeCloseTo(1 / 3, 12);
    // Pooled within-sample SD: sum of squares 0.02 over 9 - 3 = 6 degrees of freedom.
    expect(noise.withinSd).toBeCloseTo(Math.sqrt(0.02 / 6), 12);
  });

  it("a repeat-n run: the interval and pass rate are over each sample's mean of its runs (scipy's bootstrap of them), not run 1's scores", () => {
    // test/fixtures/stats/make_reference.py: 60 samples x 3 runs of k/20, some runs null, sample 5 never scored.
    const { runs, sampleMeans, ci95 } = reference.repeatBootstrap;
    const run = (r: number) => scoredReport(runs.map((row) => row[r] ?? null));
    const [first, second, third] = [run(0), run(1), run(2)];
    const repeats = new Map(first.results.map((row, i) => [row.sampleId, [second.results[i]!.metrics, third.results[i]!.metrics]]));
    const stats = intervalStatsOf(intervalInputs(rowsOf(first), ["faithfulness"], { faithfulness: 0.5 }, repeats)).faithfulness!;

    expect(stats.ciMethod).toBe("bootstrap");
    // Our seeded bootstrap of the same 59 means is within 0.01 of scipy's (another random source)...
    expect(Math.abs(stats.ci95![0] - ci95[0]!)).toBeLessThan(0.01);
    expect(Math.abs(stats.ci95![1] - ci95[1]!)).toBeLessThan(0.01);
    // ...and exactly the interval of those means, which is what the report's summary holds.
    expect(stats.ci95).toEqual(meanInterval("faithfulness", sampleMeans)!.ci95);
    const report = withStatistics({
      ...first,
      config: { ...first.config, repeat: 3 },
      results: first.results.map((row) => ({ ...row, repeats: repeats.get(row.sampleId)! })),
    });
    expect(stats.ci95).toEqual(metricSummaryOf(report.summary, "faithfulness")!.ci95);
    // Run 1 alone gives another interval: the one the explorer showed before.
    const runOne = first.results.map((r) => r.metrics.faithfulness!.score).filter((s): s is number => s !== null);
    expect(stats.ci95).not.toEqual(meanInterval("faithfulness", runOne)!.ci95);

    // The pass rate counts a sample by its mean too; the sample never scored fails.
    const passing = sampleMeans.filter((m) => m >= 0.5).length;
    expect(stats.passRate).toMatchObject({ pass: passing, all: 60, rate: passing / 60 });
  });
});
