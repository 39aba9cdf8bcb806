import type { TraceDiffItem } from "../definition";

/**
 * Small helpers the folders' display.ts share: counting a trace's flags for the card's summary,
 * and turning judged items into the studio's diff items.
 */

export const countWhere = <T>(items: readonly T[], yes: (item: T) => boolean): number => items.filter(yes).length;

/** A judged text's identity across two traces: the judge may change its spacing or case between prompts. */
export const diffKey = (text: string): string => text.trim().replace(/\s+/g, " ").toLowerCase();

/** Items keyed by their text, with their flag (or similarity) and the judge's reason when it gave one. */
export function textDiffItems<R extends { text: string }>(
  rows: readonly R[],
  value: (row: R) => number,
  reason?: (row: R) => string | undefined,
): TraceDiffItem[] {
  return rows.map((row) => {
    const why = reason?.(row);
    return { key: diffKey(row.text), text: row.text, value: value(row), ...(why ? { reason: why } : {}) };
  });
}
