import { describe, expect, it } from "vitest";
import { bootstrapMeanInterval } from "../../../src/engine/stats/bootstrap";
import { mulberry32 } from "../../../src/engine/stats/prng";
import { percentileOfSorted } from "../../../src/engine/stats/quantile";
import { signFlipP } from "../../../src/engine/stats/sign-flip";

/**
 * The resampling loops draw several resamples side by side and tile the sign patterns for the
 * cache (a 10,000-pair comparison went from ~8 s to ~3 s). Speed must not move a single bit: both
 * are checked against the plain one-draw-at-a-time definitions below, with sizes that leave
 * remainders everywhere (resamples not a multiple of 4, a last block of fewer than 8 differences,
 * a last word of fewer than 4 blocks, patterns not a multiple of the tile).
 */

function plainBootstrap(values: readonly number[], seed: number, resamples: number): [number, number] {
  const next = mulberry32(seed);
  const n = values.length;
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[Math.floor((next() * n) / 4294967296)]!;
    means[r] = sum / n;
  }
  means.sort();
  return [percentileOfSorted(means, (1 - 0.95) / 2), percentileOfSorted(means, (1 + 0.95) / 2)];
}

function plainSignFlip(differences: readonly number[], seed: number, flips: number): number {
  const d = differences.filter((x) => x !== 0);
  const observed = d.reduce((a, b) => a + b, 0);
  const bar = Math.abs(observed) - d.reduce((a, b) => a + Math.abs(b), 0) * 1e-12;
  const next = mulberry32(seed);
  const blocks = Math.ceil(d.length / 8);
  let hits = 0;
  for (let f = 0; f < flips; f++) {
    let sum = 0;
    let word = 0;
    for (let k = 0; k < blocks; k++) {
      if (k % 4 === 0) word = next();
      // A block's own signed sum first, then added: the order the tables add in.
      let block = 0;
      for (let i = k * 8; i < Math.min(d.length, k * 8 + 8); i++) block += word & (1 << (i - k * 8)) ? -d[i]! : d[i]!;
      sum += block;
      word >>>= 8;
    }
    if (Math.abs(sum) >= bar) hits++;
  }
  return (hits + 1) / (flips + 1);
}

/** Scores on a 1/20 grid (ties, zeros), as judge scores come, from a seeded generator. */
function differences(n: number, seed: number): number[] {
  const next = mulberry32(seed);
  return Array.from({ length: n }, () => Math.round((next() / 4294967296) * 20) / 20 - Math.round((next() / 4294967296) * 20) / 20);
}

describe("fast resampling loops (bit-for-bit the plain definitions)", () => {
  it("bootstrap: the same interval as one resample at a time, for several seeds and remainders", () => {
    for (const [n, resamples, seed] of [
      [1003, 1003, 7],
      [257, 1002, -5],
      [3, 9, 0xdeadbeef],
    ] as const) {
      const values = differences(n, n);
      const fast = bootstrapMeanInterval(values, { seed, resamples });
      expect(fast).toEqual(plainBootstrap(values, seed, resamples));
      expect(fast[0]).toBeLessThan(fast[1]);
    }
  });

  it("sign-flip: the same p as one pattern at a time (zeros dropped, partial block, word and tile)", () => {
    for (const [n, flips, seed] of [
      [1005, 1300, 11],
      [45, 700, 0x9e3779b9],
    ] as const) {
      const diffs = differences(n, seed & 0xff);
      const p = signFlipP(diffs, { seed, flips });
      expect(p).toBe(plainSignFlip(diffs, seed, flips));
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThanOrEqual(1);
    }
  });
});
