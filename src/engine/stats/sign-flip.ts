import type { Rng } from "./prng";

/** Up to this many non-zero differences the test enumerates every sign pattern (2^20 = 1,048,576). */
const EXACT_FLIPS_UP_TO = 20;
const RANDOM_FLIPS = 100_000;

export interface SignFlipOptions {
  rng: Rng;
  /** Random flips beyond EXACT_FLIPS_UP_TO (default 100,000). */
  flips?: number;
}

/**
 * Two-sided p of the paired sign-flip permutation test: under "no difference" every paired
 * difference is as likely negative as positive, so p = the share of sign patterns whose |sum| is at
 * least the observed |sum| (scipy.stats.permutation_test, permutation_type "samples", with the mean
 * difference as statistic). Zero differences change no sum and are dropped first. Exact over all
 * 2^n patterns when n <= 20; else `flips` random
 * patterns, p = (hits + 1) / (flips + 1) as scipy counts the observed one.
 */
export function signFlipP(differences: ArrayLike<number>, options: SignFlipOptions): number {
  const d = Float64Array.from(Array.from(differences).filter((x) => x !== 0));
  const n = d.length;
  if (n === 0) return 1;
  let observed = 0;
  let scale = 0;
  for (let i = 0; i < n; i++) {
    observed += d[i]!;
    scale += Math.abs(d[i]!);
  }
  // Sums that differ only by rounding (the same values added in another order) count as equal.
  const bar = Math.abs(observed) - scale * 1e-12;
  return n <= EXACT_FLIPS_UP_TO ? exactP(d, bar) : randomP(d, bar, options.rng, options.flips ?? RANDOM_FLIPS);
}

function exactP(d: Float64Array, bar: number): number {
  // Meet in the middle: every signed sum of each half, computed directly (no running sum whose
  // rounding would drift over a million steps), then every pair of half sums.
  const half = d.length >> 1;
  const left = halfSums(d.subarray(0, half));
  const right = halfSums(d.subarray(half));
  let hits = 0;
  for (let i = 0; i < left.length; i++) {
    const a = left[i]!;
    for (let j = 0; j < right.length; j++) if (Math.abs(a + right[j]!) >= bar) hits++;
  }
  return hits / (left.length * right.length);
}

function halfSums(d: Float64Array): Float64Array {
  const sums = new Float64Array(2 ** d.length);
  for (let mask = 0; mask < sums.length; mask++) {
    let sum = 0;
    for (let i = 0; i < d.length; i++) sum += mask & (1 << i) ? -d[i]! : d[i]!;
    sums[mask] = sum;
  }
  return sums;
}

function randomP(d: Float64Array, bar: number, rng: Rng, flips: number): number {
  // Eight signs at a time: every block of eight differences has its 256 signed sums tabled once,
  // so a random pattern costs one lookup per block (a random byte each) instead of eight adds.
  const blocks = Math.ceil(d.length / 8);
  const table = new Float64Array(blocks * 256);
  for (let k = 0; k < blocks; k++) {
    const block = d.subarray(k * 8, k * 8 + 8);
    for (let byte = 0; byte < 256; byte++) {
      let sum = 0;
      for (let i = 0; i < block.length; i++) sum += byte & (1 << i) ? -block[i]! : block[i]!;
      table[k * 256 + byte] = sum;
    }
  }
  let hits = 0;
  for (let f = 0; f < flips; f++) {
    let sum = 0;
    let word = 0;
    for (let k = 0; k < blocks; k++) {
      if ((k & 3) === 0) word = rng();
      sum += table[k * 256 + (word & 255)]!;
      word >>>= 8;
    }
    if (Math.abs(sum) >= bar) hits++;
  }
  return (hits + 1) / (flips + 1);
}
