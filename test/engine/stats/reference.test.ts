import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bootstrapMeanInterval } from "../../../src/engine/stats/bootstrap";
import { holmAdjust } from "../../../src/engine/stats/holm";
import { mcnemarExactP } from "../../../src/engine/stats/mcnemar";
import { signFlipP } from "../../../src/engine/stats/sign-flip";
import { wilsonInterval } from "../../../src/engine/stats/wilson";
import { fixturePath } from "../../fixture-path";

/**
 * Our statistics against scipy and statsmodels: test/fixtures/stats/make_reference.py wrote
 * reference.json (its versions inside); the tests read it and compare to 1e-9, the bootstrap to 0.01
 * (scipy resamples with its own generator, so only the interval, not the draws, can agree).
 */
interface Reference {
  wilson: { successes: number; n: number; ci95: [number, number] }[];
  signFlip: { base: number[]; candidate: number[]; p: number }[];
  mcnemar: { b: number; c: number; p: number }[];
  holm: { p: number[]; adjusted: number[] }[];
  bootstrap: { values: number[]; ci95: [number, number] }[];
}
const ref = JSON.parse(readFileSync(fixturePath("stats", "reference.json"), "utf8")) as Reference;

describe("statistics against scipy / statsmodels", () => {
  it("Wilson's interval equals statsmodels proportion_confint(method='wilson')", () => {
    expect(ref.wilson).toHaveLength(10);
    for (const c of ref.wilson) {
      const [lo, hi] = wilsonInterval(c.successes, c.n);
      expect(lo, `${c.successes}/${c.n}`).toBeCloseTo(c.ci95[0], 9);
      expect(hi, `${c.successes}/${c.n}`).toBeCloseTo(c.ci95[1], 9);
    }
  });

  it("the exact sign-flip p equals scipy permutation_test (samples, exact) for n <= 20", () => {
    expect(ref.signFlip.length).toBeGreaterThanOrEqual(14);
    for (const c of ref.signFlip) {
      const diffs = c.candidate.map((x, i) => x - c.base[i]!);
      // Exact: every sign pattern, no random draw (any seed gives the same p).
      const p = signFlipP(diffs, { seed: 0 });
      expect(signFlipP(diffs, { seed: 12345 })).toBe(p);
      expect(Math.abs(p - c.p), `n=${diffs.length}`).toBeLessThan(1e-9);
    }
  });

  it("McNemar's exact p equals statsmodels mcnemar(exact=True)", () => {
    for (const c of ref.mcnemar) expect(Math.abs(mcnemarExactP(c.b, c.c) - c.p), `b=${c.b} c=${c.c}`).toBeLessThan(1e-9 * Math.max(1, c.p));
    // Relative too, for the tiny ones: 1 vs 30 discordant pairs is 2.98e-8.
    const tiny = ref.mcnemar.find((c) => c.b === 1 && c.c === 30)!;
    expect(mcnemarExactP(1, 30) / tiny.p).toBeCloseTo(1, 9);
  });

  it("Holm's adjustment equals statsmodels multipletests(method='holm')", () => {
    for (const c of ref.holm) {
      const adjusted = holmAdjust(c.p);
      expect(adjusted).toHaveLength(c.adjusted.length);
      for (const [i, p] of adjusted.entries()) expect(Math.abs(p - c.adjusted[i]!)).toBeLessThan(1e-9);
    }
  });

  it("the percentile bootstrap is reproducible and within 0.01 of scipy.stats.bootstrap", () => {
    for (const c of ref.bootstrap) {
      const first = bootstrapMeanInterval(c.values, { seed: 7 });
      expect(bootstrapMeanInterval(c.values, { seed: 7 })).toEqual(first);
      expect(Math.abs(first[0] - c.ci95[0]), `n=${c.values.length} low`).toBeLessThan(0.01);
      expect(Math.abs(first[1] - c.ci95[1]), `n=${c.values.length} high`).toBeLessThan(0.01);
      // Another seed moves the interval a little, not the answer.
      const other = bootstrapMeanInterval(c.values, { seed: 8 });
      expect(other).not.toEqual(first);
      expect(Math.abs(other[0] - first[0])).toBeLessThan(0.01);
    }
  });

  it("a random sign-flip p (n > 20) is reproducible, and two seeds agree to 0.01", () => {
    // 24 differences: past the exact limit, 100,000 seeded flips estimate p to about +-0.003.
    const diffs = Array.from({ length: 24 }, (_, i) => ((i % 5) - 1.5) / 10 + 0.02);
    const p1 = signFlipP(diffs, { seed: 1 });
    expect(signFlipP(diffs, { seed: 1 })).toBe(p1);
    expect(Math.abs(signFlipP(diffs, { seed: 2 }) - p1)).toBeLessThan(0.01);
    expect(p1).toBeGreaterThan(0);
    expect(p1).toBeLessThan(1);
  });
});
