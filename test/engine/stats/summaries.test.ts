import { describe, expect, it } from "vitest";
import { meanInterval } from "../../../src/engine/stats/interval";
import { judgeNoise } from "../../../src/engine/stats/judge-noise";
import { passSummary, passes } from "../../../src/engine/stats/thresholds";
import { wilsonInterval } from "../../../src/engine/stats/wilson";

describe("meanInterval", () => {
  it("is Wilson's for 0/1 scores and a seeded bootstrap otherwise, the same every time", () => {
    expect(meanInterval("exact_match", [1, 0, 1, 1])).toEqual({ ci95: wilsonInterval(3, 4), ciMethod: "wilson" });
    const scores = [0.2, 0.9, 0.5, 0.75, 0.4, 0.6, 0.66, 0.1];
    const a = meanInterval("faithfulness", scores)!;
    expect(a.ciMethod).toBe("bootstrap");
    expect(meanInterval("faithfulness", [...scores])).toEqual(a);
    const mean = scores.reduce((x, y) => x + y, 0) / scores.length;
    expect(a.ci95[0]).toBeLessThan(mean);
    expect(a.ci95[1]).toBeGreaterThan(mean);
    expect(a.ci95[0]).toBeGreaterThanOrEqual(0.1);
    // The seed comes from the metric id too: another metric with the same scores draws differently.
    expect(meanInterval("answer_relevancy", scores)!.ci95).not.toEqual(a.ci95);
    expect(meanInterval("faithfulness", [])).toBeNull();
    expect(meanInterval("faithfulness", [0.5])).toEqual({ ci95: [0.5, 0.5], ciMethod: "bootstrap" });
  });
});

describe("thresholds", () => {
  it("pass at or above (at or below when lower is better); a null fails", () => {
    expect([passes(0.8, 0.8, false), passes(0.79, 0.8, false), passes(null, 0, false)]).toEqual([true, false, false]);
    expect([passes(0.2, 0.2, true), passes(0.21, 0.2, true), passes(null, 1, true)]).toEqual([true, false, false]);
  });

  it("summarise the pass rate with Wilson's interval and whether the mean passes", () => {
    const s = passSummary([0.9, 0.7, null, 0.85, 0.8], 0.8125, 0.8, false);
    expect(s).toEqual({ threshold: 0.8, lowerIsBetter: false, passed: 3, n: 5, passRate: 0.6, passRateCi95: wilsonInterval(3, 5), meanPasses: true });
    expect(passSummary([0.3, 0.1], 0.2, 0.15, true)).toMatchObject({ passed: 1, passRate: 0.5, meanPasses: false });
    expect(passSummary([], null, 0.5, false)).toMatchObject({ n: 0, passRate: null, passRateCi95: [0, 1], meanPasses: null });
  });
});

describe("judgeNoise", () => {
  it("pools the within-sample spread, counts disagreeing samples and splits the variance", () => {
    // Three samples, two runs each: within SS = 0.02 + 0 + 0.005 over N - a = 3 -> MSW = 0.025 / 3.
    const noise = judgeNoise([
      [0.2, 0.4],
      [0.9, 0.9],
      [0.5, null, 0.6],
      [0.7, null],
    ]);
    expect(noise.samples).toBe(3);
    expect(noise.withinSd).toBeCloseTo(Math.sqrt(0.025 / 3), 12);
    expect(noise.disagreeShare).toBeCloseTo(2 / 3, 12);
    // Means 0.3, 0.9, 0.55; grand 0.5833; SSB = 2 * (0.08028 + 0.10028 + 0.00111) = 0.36333; MSB = 0.181667;
    // k0 = 2; between = (0.181667 - 0.008333) / 2 = 0.086667; share = 0.008333 / 0.095 = 0.087719.
    expect(noise.judgeVarianceShare).toBeCloseTo(0.025 / 3 / (0.025 / 3 + (0.36333333333 / 2 - 0.025 / 3) / 2), 8);
  });

  it("says nothing without two scored runs, and the judge is all the variance when samples agree on average", () => {
    expect(judgeNoise([[0.5], [null, 0.4]])).toEqual({ samples: 0, withinSd: null, disagreeShare: null, judgeVarianceShare: null });
    expect(judgeNoise([[0.4, 0.6]])).toMatchObject({ samples: 1, judgeVarianceShare: null });
    expect(
      judgeNoise([
        [0.4, 0.6],
        [0.6, 0.4],
      ]).judgeVarianceShare,
    ).toBe(1);
    expect(
      judgeNoise([
        [1, 1],
        [0, 0],
      ]),
    ).toMatchObject({ withinSd: 0, disagreeShare: 0, judgeVarianceShare: 0 });
  });
});
