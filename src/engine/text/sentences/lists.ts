import { BULLETS, isSpace } from "./chars";

/**
 * List items run together on one line ("1.) The first item 2.) The second item", "a. The first
 * item b. The second item", "• 9. The first item • 10. The second item"): each item after the
 * first starts a new sentence, and the period of its label ends nothing. A label counts only when
 * the next or previous label of the same kind is numbered one apart, so "in 5. Then" is no list.
 */

export interface ListMarks {
  /** Where an item starts (its bullet, if any): a sentence starts there. */
  cuts: number[];
  /** Periods of item labels ("1.", "a.", "2.)"): they end nothing. */
  dots: number[];
}

const NUMBERED = /(?<=^|[\s•⁃◦▪‣●■►➢])(\d{1,3})(\.\)|\.|\))(?=\s)/g;
const LETTERED = /(?<=^|\s)([a-z])(\.\)|\.|\))(?=\s)/g;
const ROMAN = /(?<=^|\s)(i{1,3}|iv|vi{0,3}|ix|x)(\.\)|\.|\))(?=\s)/g;
const ROMAN_VALUE: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10 };
const BULLET_AFTER_SPACE = /(?<=\s)[•⁃◦▪‣●■►➢]/g;

interface Label {
  at: number;
  value: number;
  style: string;
}

function labels(s: string, pattern: RegExp, value: (label: string) => number): Label[] {
  return Array.from(s.matchAll(pattern), (m) => ({ at: m.index, value: value(m[1]!), style: m[2]! }));
}

/** Labels whose neighbour of the same style is numbered one apart. */
function chained(found: Label[]): Label[] {
  const keep = new Set<Label>();
  for (const style of new Set(found.map((l) => l.style))) {
    const same = found.filter((l) => l.style === style);
    for (let i = 1; i < same.length; i++) {
      if (same[i]!.value === same[i - 1]!.value + 1) keep.add(same[i - 1]!).add(same[i]!);
    }
  }
  return [...keep];
}

/** An item starts at its bullet when one stands right before the label ("• 10.", "⁃10."). */
function itemStart(s: string, at: number): number {
  if (BULLETS.has(s[at - 1] ?? "")) return at - 1;
  if (isSpace(s[at - 1]) && BULLETS.has(s[at - 2] ?? "")) return at - 2;
  return at;
}

export function findListMarks(s: string, inner: Uint8Array): ListMarks {
  const found = [
    ...chained(labels(s, NUMBERED, Number)),
    ...chained(labels(s, LETTERED, (l) => l.charCodeAt(0))),
    ...chained(labels(s, ROMAN, (l) => ROMAN_VALUE[l]!)),
  ].filter((l) => !inner[l.at]);
  const first = s.search(/\S/);
  const cuts = found.map((l) => itemStart(s, l.at));
  for (const m of s.matchAll(BULLET_AFTER_SPACE)) if (!inner[m.index]) cuts.push(m.index);
  const dots = found.filter((l) => l.style.startsWith(".")).map((l) => s.indexOf(".", l.at));
  return { cuts: cuts.filter((c) => c > first).sort((a, b) => a - b), dots };
}
