/** Up to this many non-zero differences the test enumerates every sign pattern (2^20 = 1,048,576). */
const EXACT_FLIPS_UP_TO = 20;
const RANDOM_FLIPS = 100_000;

export interface SignFlipOptions {
  /** Seeds the random patterns (mulberry32, inlined in randomP). */
  seed: number;
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
  return n <= EXACT_FLIPS_UP_TO ? exactP(d, bar) : randomP(d, bar, options.seed >>> 0, options.flips ?? RANDOM_FLIPS);
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

/**
 * Random sign patterns, every sum in the order a one-pattern-at-a-time loop adds it, so p is the
 * same to the last bit. Eight signs at a time: each block of eight differences has its 256 signed
 * sums tabled once, so a pattern costs one lookup per block (a byte of a mulberry32 word each, four
 * blocks per word, words in stream order). The tables of 10,000 differences (2.5 MB) do not fit a
 * cache, so patterns go in tiles: a tile's running sums stay put while four blocks' tables (8 KB)
 * serve the whole tile, instead of every lookup missing the cache. mulberry32 is a counter (its
 * state only adds STEP), so pattern f's word w is computed where it is needed: 2.5x at 10,000.
 */
const STEP = 0x6d2b79f5;
const TILE = 512;

function randomP(d: Float64Array, bar: number, seed: number, flips: number): number {
  const blocks = Math.ceil(d.length / 8);
  const table = signedSumTables(d, blocks);
  const words = Math.ceil(blocks / 4);
  const sums = new Float64Array(TILE);
  let hits = 0;
  for (let first = 0; first < flips; first += TILE) {
    const size = Math.min(TILE, flips - first);
    sums.fill(0);
    for (let w = 0; w < words; w++) {
      const at = w * 1024;
      const inWord = Math.min(4, blocks - w * 4);
      for (let j = 0; j < size; j++) {
        // Output number (first + j) * words + w of mulberry32(seed).
        const state = (seed + Math.imul((first + j) * words + w + 1, STEP)) | 0;
        let t = Math.imul(state ^ (state >>> 15), state | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        t ^= t >>> 14;
        let sum = sums[j]!;
        for (let q = 0; q < inWord; q++) sum += table[at + q * 256 + ((t >>> (8 * q)) & 255)]!;
        sums[j] = sum;
      }
    }
    for (let j = 0; j < size; j++) if (Math.abs(sums[j]!) >= bar) hits++;
  }
  return (hits + 1) / (flips + 1);
}

/** table[k * 256 + byte]: block k's sum with the differences whose bit is set in `byte` negated. */
function signedSumTables(d: Float64Array, blocks: number): Float64Array {
  const table = new Float64Array(blocks * 256);
  for (let k = 0; k < blocks; k++) {
    const block = d.subarray(k * 8, k * 8 + 8);
    for (let byte = 0; byte < 256; byte++) {
      let sum = 0;
      for (let i = 0; i < block.length; i++) sum += byte & (1 << i) ? -block[i]! : block[i]!;
      table[k * 256 + byte] = sum;
    }
  }
  return table;
}
