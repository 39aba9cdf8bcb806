import { mulberry32 } from "../stats/prng";

/**
 * A seeded random source in [0, 1): the statistics' generator (mulberry32) scaled, so the engine never
 * draws from Math's global generator; the same seed gives the same plan, and a resumed generation asks
 * exactly what the first one asked.
 */
export type RandomSource = () => number;

export function seededRandom(seed: number): RandomSource {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
}

/** A shuffled copy (Fisher-Yates over the given source). */
export function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
