import { percentileOfSorted } from "./quantile";

const BOOTSTRAP_RESAMPLES = 10_000;

export interface BootstrapOptions {
  /** Seeds the resampling (mulberry32, inlined here: a closure call per draw would double the time). */
  seed: number;
  /** Default 10,000 (contract 14); the simulation test lowers it to stay fast. */
  resamples?: number;
  /** Default 0.95. */
  level?: number;
}

/**
 * Percentile bootstrap interval of a mean (scipy.stats.bootstrap, method "percentile"): resample the
 * values with replacement, take each resample's mean, and read the (1 - level) / 2 and (1 + level) / 2
 * percentiles of those means. For paired differences, pass the differences. One typed-array pass per
 * resample, no allocation inside the loop: 10,000 x 1,000 values take milliseconds.
 */
export function bootstrapMeanInterval(values: ArrayLike<number>, options: BootstrapOptions): [number, number] {
  const n = values.length;
  if (n === 0) throw new RangeError("bootstrap of no values");
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const level = options.level ?? 0.95;
  const data = Float64Array.from(values);
  const means = new Float64Array(resamples);
  let state = options.seed | 0;
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      // mulberry32 (as prng.ts), then the index floor(u * n / 2^32) from all 32 bits.
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      t ^= t >>> 14;
      sum += data[Math.floor(((t >>> 0) * n) / 4294967296)]!;
    }
    means[r] = sum / n;
  }
  means.sort();
  return [percentileOfSorted(means, (1 - level) / 2), percentileOfSorted(means, (1 + level) / 2)];
}
