import { type RandomSource, shuffled } from "../math/random";
import {
  type Distribution,
  type GraphSynthesizer,
  QUERY_LENGTHS,
  QUERY_STYLES,
  type QueryLength,
  type QueryStyle,
  SYNTHESIZERS,
  type SynthesizerName,
} from "./types";

/**
 * The plan, drawn once from the seed: how many questions each synthesizer writes, and for each
 * question a stratum (persona x style x length). Coverage is by construction: the strata cycle
 * through every combination before repeating one, and the nodes a synthesizer draws from are
 * dealt round-robin over documents, so every document gets its quota before any gets a second
 * (ragas walks nodes in insertion order: the first files get all single-hop questions, #2040).
 */

export interface Stratum {
  synthesizer: SynthesizerName;
  /** Index into the personas; -1 in quick mode. */
  persona: number;
  style: QueryStyle;
  length: QueryLength;
}

/**
 * Exact counts summing to `size`, each within one of size x share (largest remainder). A
 * synthesizer that cannot run on this corpus (`available` lacks it) gets 0 and the others share.
 */
export function splitCounts(size: number, distribution: Distribution | undefined, available: readonly GraphSynthesizer[]): Record<GraphSynthesizer, number> {
  const weights = SYNTHESIZERS.map((s) => (available.includes(s) ? (distribution ? (distribution[s] ?? 0) : 1) : 0));
  let total = weights.reduce((a, b) => a + b, 0);
  // Every asked synthesizer is impossible here: the possible ones share equally.
  if (total === 0) {
    SYNTHESIZERS.forEach((s, i) => {
      weights[i] = available.includes(s) ? 1 : 0;
    });
    total = weights.reduce((a, b) => a + b, 0);
  }
  const exact = weights.map((w) => (total === 0 ? 0 : (size * w) / total));
  const counts = exact.map(Math.floor);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((p, q) => q[0] - p[0] || p[1] - q[1]);
  let left = size - counts.reduce((a, b) => a + b, 0);
  for (const [, i] of order) {
    if (left <= 0) break;
    if (weights[i]! > 0) {
      counts[i]!++;
      left--;
    }
  }
  return Object.fromEntries(SYNTHESIZERS.map((s, i) => [s, counts[i]!])) as Record<GraphSynthesizer, number>;
}

/** `count` strata of one synthesizer: every persona x style x length once (seeded order) before any twice. */
export function strata(synthesizer: SynthesizerName, count: number, personas: number, random: RandomSource): Stratum[] {
  const combos: Omit<Stratum, "synthesizer">[] = [];
  for (let p = 0; p < Math.max(1, personas); p++)
    for (const style of QUERY_STYLES) for (const length of QUERY_LENGTHS) combos.push({ persona: personas === 0 ? -1 : p, style, length });
  const order = shuffled(combos, random);
  return Array.from({ length: count }, (_, k) => ({ synthesizer, ...order[k % order.length]! }));
}

/** The items dealt round-robin over their documents (documents and items within each in seeded order). */
export function dealByDocument<T>(items: readonly T[], documentOf: (item: T) => string, random: RandomSource): T[] {
  const byDoc = new Map<string, T[]>();
  for (const item of items) byDoc.set(documentOf(item), [...(byDoc.get(documentOf(item)) ?? []), item]);
  const hands = shuffled([...byDoc.keys()].sort(), random).map((d) => shuffled(byDoc.get(d)!, random));
  const out: T[] = [];
  for (let round = 0; out.length < items.length; round++) for (const hand of hands) if (round < hand.length) out.push(hand[round]!);
  return out;
}

/** Hands out a synthesizer's nodes in order, starting over when they run out (the `lap` then varies the question). */
export class NodeQueue<T> {
  private next = 0;
  constructor(private readonly items: readonly T[]) {}
  get size(): number {
    return this.items.length;
  }
  take(): { item: T; lap: number } {
    const k = this.next++;
    return { item: this.items[k % this.items.length]!, lap: Math.floor(k / this.items.length) };
  }
}
