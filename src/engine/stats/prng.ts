/**
 * The statistics' only source of randomness: a seeded 32-bit generator (mulberry32; small, fast
 * and well mixed enough for resampling), so the same input and seed give the same interval and p.
 * Never the platform's unseeded generator: a report's intervals must not move when it is opened again.
 */

/** Returns uniform 32-bit unsigned integers. */
export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * A seed taken from the data itself (FNV-1a over a label and the numbers' bit patterns): the same
 * report gives the same seed, so the same interval, with no seed stored anywhere.
 */
export function seedFrom(label: string, values: ArrayLike<number>): number {
  let h = 0x811c9dc5;
  const mix = (byte: number) => {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  };
  for (let i = 0; i < label.length; i++) {
    const c = label.charCodeAt(i);
    mix(c & 0xff);
    mix(c >>> 8);
  }
  const bits = new Uint8Array(8);
  const view = new DataView(bits.buffer);
  for (let i = 0; i < values.length; i++) {
    view.setFloat64(0, values[i]!);
    for (let b = 0; b < 8; b++) mix(bits[b]!);
  }
  return h >>> 0;
}
