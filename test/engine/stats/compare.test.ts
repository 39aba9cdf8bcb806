import { describe, expect, it } from "vitest";
import { compareRuns, type ScoresById } from "../../../src/engine/stats/compare";
import { holmAdjust } from "../../../src/engine/stats/holm";
import { mcnemarExactP } from "../../../src/engine/stats/mcnemar";
import { signFlipP } from "../../../src/engine/stats/sign-flip";

const run = (scores: readonly (number | null)[], prefix = "s"): ScoresById => new Map(scores.map((s, i) => [`${prefix}${i}`, s]));
const runs = (byMetric: Record<string, readonly (number | null)[]>) => new Map(Object.entries(byMetric).map(([id, s]) => [id, run(s)]));

describe("compareRuns", () => {
  const base = [0.2, 0.4, 0.5, 0.6, 0.3, 0.7, 0.5, 0.4, 0.6, 0.5, 0.3, 0.4];
  const better = base.map((s) => Math.min(1, s + 0.25));

  it("pairs by sample id, leaves nulls out and counts them, and says which way is better", () => {
    const b = new Map([["faithfulness", new Map<string, number | null>([...run(base), ["gone", 0.5], ["n1", null], ["n2", 0.3]])]]);
    const c = new Map([
      [
        "faithfulness",
        new Map<string, number | null>(
          [...run(better).entries()].reverse().concat([
            ["new", 1],
            ["n1", 0.2],
            ["n2", null],
          ]),
        ),
      ],
    ]);
    const out = compareRuns(b, c, ["faithfulness"]).faithfulness!;
    expect(out.n).toBe(12);
    expect(out.nullPairs).toBe(2);
    expect(out.unmatched).toBe(2);
    expect(out.test).toBe("sign-flip");
    expect(out.baseMean).toBeCloseTo(base.reduce((a, x) => a + x, 0) / 12, 12);
    expect(out.difference).toBeCloseTo(0.25, 12);
    // Every difference is +0.25: only the all-positive and all-negative patterns reach it.
    expect(out.p).toBeCloseTo(2 / 2 ** 12, 12);
    expect(out.pHolm).toBe(out.p);
    expect(out.ci95![0]).toBeCloseTo(0.25, 12);
    expect(out.verdict).toBe("better");
    expect(out.sdDifference).toBeCloseTo(0, 12);
  });

  it("calls a rise of a lower-is-better metric worse, and a fall of an ordinary one worse", () => {
    const out = compareRuns(
      runs({ noise_sensitivity: base, faithfulness: better }),
      runs({ noise_sensitivity: better, faithfulness: base }),
      ["noise_sensitivity", "faithfulness"],
      {
        lowerIsBetter: (id) => id === "noise_sensitivity",
      },
    );
    expect(out.noise_sensitivity!.verdict).toBe("worse");
    expect(out.noise_sensitivity!.lowerIsBetter).toBe(true);
    expect(out.faithfulness!.verdict).toBe("worse");
    expect(out.faithfulness!.difference).toBeCloseTo(-0.25, 12);
  });

  it("uses McNemar on 0/1 metrics, adjusts by Holm across metrics, and honours alpha and the minimum effect", () => {
    const b01 = [1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1];
    const c01 = [0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0];
    const noisyBase = [0.5, 0.6, 0.4, 0.55, 0.45, 0.5];
    const noisyCand = [0.52, 0.57, 0.43, 0.55, 0.44, 0.53];
    const out = compareRuns(runs({ exact_match: b01, faithfulness: noisyBase }), runs({ exact_match: c01, faithfulness: noisyCand }), [
      "exact_match",
      "faithfulness",
    ]);
    const em = out.exact_match!;
    expect(em.test).toBe("mcnemar");
    expect(em.p).toBe(mcnemarExactP(9, 1));
    const fp = signFlipP(
      noisyCand.map((x, i) => x - noisyBase[i]!),
      { seed: 0 },
    );
    expect(out.faithfulness!.p).toBe(fp);
    expect([em.pHolm, out.faithfulness!.pHolm]).toEqual(holmAdjust([em.p!, fp]));
    expect(em.verdict).toBe("worse");
    expect(out.faithfulness!.verdict).toBe("no detectable difference");
    // exact_match lost 0.5 (9 of 16 pairs went 1 -> 0, one 0 -> 1): a minimum effect of 0.51 hides it.
    expect(compareRuns(runs({ exact_match: b01 }), runs({ exact_match: c01 }), ["exact_match"], { minEffect: 0.51 }).exact_match!.verdict).toBe(
      "no detectable difference",
    );
    expect(compareRuns(runs({ exact_match: b01 }), runs({ exact_match: c01 }), ["exact_match"], { alpha: em.p! / 2 }).exact_match!.verdict).toBe(
      "no detectable difference",
    );
  });

  it("gives no verdict, p or interval without pairs, and a power hint from the spread", () => {
    const out = compareRuns(runs({ faithfulness: [null, 0.5] }), runs({ faithfulness: [0.4, null] }), ["faithfulness", "answer_relevancy"]);
    expect(out.faithfulness).toMatchObject({ n: 0, nullPairs: 2, p: null, pHolm: null, ci95: null, difference: null, verdict: "no detectable difference" });
    expect(out.answer_relevancy).toMatchObject({ n: 0, nullPairs: 0, unmatched: 0 });
    const spread = compareRuns(runs({ f: [0.1, 0.9, 0.5, 0.3] }), runs({ f: [0.3, 0.6, 0.6, 0.2] }), ["f"]).f!;
    // sd of (0.2, -0.3, 0.1, -0.1) = 0.2217; ((1.95996 + 0.84162) * 0.2217 / 0.05)^2 = 154.3 -> 155.
    expect(spread.sdDifference).toBeCloseTo(0.221736, 5);
    expect(spread.samplesFor005).toBe(155);
  });

  it("gives the same answer for the same two runs (seeded from the data)", () => {
    const b = runs({ f: Array.from({ length: 40 }, (_, i) => ((i * 37) % 11) / 10) });
    const c = runs({ f: Array.from({ length: 40 }, (_, i) => ((i * 53) % 11) / 10) });
    expect(compareRuns(b, c, ["f"], { resamples: 500, flips: 2000 })).toEqual(compareRuns(b, c, ["f"], { resamples: 500, flips: 2000 }));
  });
});
