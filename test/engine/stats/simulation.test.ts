import { describe, expect, it } from "vitest";
import { compareRuns, type Verdict } from "../../../src/engine/stats/compare";
import { mulberry32, type Rng } from "../../../src/engine/stats/prng";

/**
 * Does a verdict mean something? Seeded simulations of pairs of runs: with no true difference the
 * compare must cry "better" or "worse" at most 5% of the time at alpha 0.05, and a true difference
 * of 0.1 on 100 samples must be found most of the time. To stay fast (well under 3 s) the
 * simulation lowers the bootstrap to 200 resamples (the interval plays no part in a verdict) and
 * the random sign flips to 2,000 (p then moves by about 0.005 around 0.05, far below the margins
 * asserted).
 */
const FAST = { resamples: 200, flips: 2_000 };

const uniform = (rng: Rng) => rng() / 4294967296;
function normal(rng: Rng): number {
  // Box-Muller; 1 - u keeps log away from 0.
  return Math.sqrt(-2 * Math.log(1 - uniform(rng))) * Math.cos(2 * Math.PI * uniform(rng));
}
const clip = (x: number) => Math.min(1, Math.max(0, x));

/** Two runs of one dataset: each sample's own quality, plus the judge's noise on each run, plus `shift` on the candidate. */
function pairOfRuns(rng: Rng, n: number, shift: number, binary: boolean): Verdict {
  const base = new Map<string, number>();
  const candidate = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const quality = 0.3 + 0.5 * uniform(rng);
    if (binary) {
      base.set(`s${i}`, uniform(rng) < quality ? 1 : 0);
      candidate.set(`s${i}`, uniform(rng) < quality + shift ? 1 : 0);
    } else {
      base.set(`s${i}`, clip(quality + 0.2 * normal(rng)));
      candidate.set(`s${i}`, clip(quality + shift + 0.2 * normal(rng)));
    }
  }
  return compareRuns(new Map([["m", base]]), new Map([["m", candidate]]), ["m"], FAST).m!.verdict;
}

function tally(verdicts: Verdict[]): Record<Verdict, number> {
  const out: Record<Verdict, number> = { better: 0, worse: 0, "no detectable difference": 0 };
  for (const v of verdicts) out[v]++;
  return out;
}

describe("compare verdicts in simulation", () => {
  it("1,000 pairs of runs with no true difference: better or worse at most 5% of the time", () => {
    const rng = mulberry32(30);
    // Sizes on both sides of the exact limit (n <= 20 enumerates, larger flips at random).
    const verdicts = Array.from({ length: 1000 }, (_, k) => pairOfRuns(rng, [12, 16, 40, 100][k % 4]!, 0, false));
    const t = tally(verdicts);
    // The tests are exact (sign-flip, McNemar), so the expected share is at most 5%; a fixed seed's
    // count scatters around its expectation (sd about 7 of 1,000). With this seed: 21 better, 27 worse.
    expect(t.better + t.worse).toBeLessThanOrEqual(50);
    // The test is not simply mute: at alpha 0.05 it does fire now and then.
    expect(t.better + t.worse).toBeGreaterThan(10);
  });

  it("500 pairs of 0/1 runs with no true difference (McNemar): at most 5% verdicts", () => {
    const rng = mulberry32(31);
    const t = tally(Array.from({ length: 500 }, () => pairOfRuns(rng, 60, 0, true)));
    expect(t.better + t.worse).toBeLessThanOrEqual(25);
  });

  it("a true difference of 0.1 on 100 samples is found most of the time, and never backwards", () => {
    const rng = mulberry32(32);
    const t = tally(Array.from({ length: 200 }, () => pairOfRuns(rng, 100, 0.1, false)));
    expect(t.better).toBeGreaterThan(160);
    expect(t.worse).toBe(0);
    const down = tally(Array.from({ length: 100 }, () => pairOfRuns(rng, 100, -0.1, false)));
    expect(down.worse).toBeGreaterThan(80);
  });
});
