import type { FaultKind, FaultOptions } from "./options";

/** mulberry32: tiny, fast, good enough to make fault sequences reproducible from a seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One draw per request decides its fault, so the sequence depends only on the seed and order. */
export function pickFault(faults: FaultOptions | undefined, random: () => number): FaultKind | undefined {
  if (!faults) return undefined;
  const r = random();
  let edge = 0;
  const table: [FaultKind, number | undefined][] = [
    ["rate429", faults.rate429],
    ["rate500", faults.rate500],
    ["malformed", faults.rateMalformed],
    ["hang", faults.rateHang],
  ];
  for (const [kind, rate] of table) {
    edge += rate ?? 0;
    if (r < edge) return kind;
  }
  return undefined;
}
