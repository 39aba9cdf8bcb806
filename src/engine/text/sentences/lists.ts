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

/** A label's end: "." or ")" (or ".)") before a space; the label itself is read backwards from there. */
const LABEL_END = /[.)](?=\s)/g;
const BULLET = /[•⁃◦▪‣●■►➢]/g;
const ROMAN_VALUE: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10 };

interface Label {
  at: number;
  value: number;
  /** Kind and punctuation: "1.", "1)", "1.)", "a.", "i." ... */
  style: string;
}

const isLabelChar = (c: string | undefined) => c !== undefined && ((c >= "0" && c <= "9") || (c >= "a" && c <= "z"));

/** Labels ("1.", "10.)", "a)", "iv.") standing after a space, a bullet or the line start. One scan for every kind. */
function labels(s: string): Label[] {
  const found: Label[] = [];
  LABEL_END.lastIndex = 0;
  for (let m = LABEL_END.exec(s); m; m = LABEL_END.exec(s)) {
    const punct = s[m.index - 1] === "." && s[m.index] === ")" ? ".)" : s[m.index]!;
    const end = m.index - (punct.length - 1);
    let at = end;
    while (at > end - 4 && isLabelChar(s[at - 1])) at--;
    const before = s[at - 1];
    const label = s.slice(at, end);
    if (!label || isLabelChar(before)) continue;
    if (/^\d{1,3}$/.test(label) && (before === undefined || isSpace(before) || BULLETS.has(before))) {
      found.push({ at, value: Number(label), style: `1${punct}` });
    } else if (before === undefined || isSpace(before)) {
      if (label.length === 1 && label >= "a") found.push({ at, value: label.charCodeAt(0), style: `a${punct}` });
      if (ROMAN_VALUE[label]) found.push({ at, value: ROMAN_VALUE[label], style: `i${punct}` });
    }
  }
  return found;
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
  const found = chained(labels(s)).filter((l) => !inner[l.at]);
  const first = s.search(/\S/);
  const cuts = found.map((l) => itemStart(s, l.at));
  for (const m of s.matchAll(BULLET)) if (isSpace(s[m.index - 1]) && !inner[m.index]) cuts.push(m.index);
  const dots = found.filter((l) => l.style[1] === ".").map((l) => s.indexOf(".", l.at));
  return { cuts: cuts.filter((c) => c > first).sort((a, b) => a - b), dots };
}
