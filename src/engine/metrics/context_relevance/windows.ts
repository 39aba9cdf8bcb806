import { MAX_ENUM } from "../shared/schema";

/** Sentences [start, end) of one call, numbered 1..(end - start) within it. */
export interface SentenceWindow {
  start: number;
  end: number;
}

/**
 * Splits a sample's sentences into as few windows as possible of at most `size` consecutive
 * sentences each: the sentence numbers of one call are an enum (contract 8), and an enum has a
 * size limit. Up to `size` sentences (the usual case) this is one window, so one call as before.
 * Among the cuts that keep the fewest windows, each cut falls on a context boundary when one is
 * in reach, so a context is judged whole wherever possible; a sentence is never split.
 *
 * `contextOf[i]` is the context index of sentence i (non-decreasing).
 */
export function sentenceWindows(contextOf: readonly number[], size: number = MAX_ENUM): SentenceWindow[] {
  const n = contextOf.length;
  if (n === 0) return [];
  const count = Math.ceil(n / size);
  const windows: SentenceWindow[] = [];
  let start = 0;
  for (let left = count; left > 1; left--) {
    // The cut must leave at most size * (left - 1) sentences for the remaining windows.
    const earliest = Math.max(start + 1, n - size * (left - 1));
    const latest = start + size;
    let cut = latest;
    while (cut > earliest && contextOf[cut] === contextOf[cut - 1]) cut--;
    // No boundary in reach: a context longer than the room left is cut as late as allowed.
    if (contextOf[cut] === contextOf[cut - 1]) cut = latest;
    windows.push({ start, end: cut });
    start = cut;
  }
  windows.push({ start, end: n });
  return windows;
}

/** Chat calls context relevance makes for a sample with these sentences: one per window (at least the usual one). */
export function windowCount(sentences: number, size: number = MAX_ENUM): number {
  return Math.max(1, Math.ceil(sentences / size));
}
