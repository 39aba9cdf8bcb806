import { CJK_TERMINATORS, isSpace, isWordChar, OPENERS, TERMINATORS } from "./chars";

/**
 * Quotes and brackets, paired within one line. A terminator inside them ends nothing
 * ("(He worked as an engineer.) at the University", "《摔跤吧！爸爸》"); a span whose inside ends
 * with one is a candidate end just after its closing mark ('"This is great." She held ...').
 */

/** Longest span whose inside is protected: a quote left open by mistake must not swallow a paragraph. */
const MAX_SPAN = 300;

/** Bracket-like pairs; straight quotes are paired apart, being their own closing mark. */
const CLOSING_OF = new Map([
  ["(", ")"],
  ["（", "）"],
  ["[", "]"],
  ["《", "》"],
  ["〈", "〉"],
  ["【", "】"],
  ["“", "”"],
  ["「", "」"],
  ["『", "』"],
  ["«", "»"],
  ["‘", "’"],
]);
const OPENING_OF = new Map([...CLOSING_OF].map(([open, close]) => [close, open]));

/** Titles and editorial brackets ("《摔跤吧！爸爸》", "[...]") never end a sentence, whatever their inside ends with. */
const NEVER_ENDS = new Set(["《", "〈", "["]);

/** Closing marks that may sit between a span's final terminator and its own closing mark: '(“Hi.”)'. */
const INNER_CLOSERS = new Set(["”", "’", '"', "'", "」", "』", "）", ")", "»"]);

const ANY_ENCLOSURE = /[(（[《〈【“「『«‘"']/;
/** Every mark the pairing looks at, so it jumps from one to the next instead of visiting each character. */
const ENCLOSURE_MARK = /[()（）[\]《》〈〉【】“”「」『』«»‘’"']/g;

export interface Enclosures {
  /** 1 at every position strictly inside a protected span. */
  inner: Uint8Array;
  /** Candidate ends: position just after a closing mark -> whether the terminator before it is a CJK one. */
  ends: Map<number, boolean>;
  /** Straight quotes that open a span, so they are not taken as closers after a terminator. */
  openers: Set<number>;
}

/** A straight quote opens after a space, a bracket or a dash and before a non-space; "Let's" and "12"" do not. */
const canOpenStraight = (s: string, p: number) =>
  (p === 0 || isSpace(s[p - 1]) || OPENERS.has(s[p - 1]!) || "—–-:,".includes(s[p - 1]!)) && p + 1 < s.length && !isSpace(s[p + 1]);
/** A straight quote closes after a non-space; a single one not before a letter ("Jr.'s", "don't" are apostrophes). */
const canCloseStraight = (s: string, p: number) => p > 0 && !isSpace(s[p - 1]) && !(s[p] === "'" && isWordChar(s[p + 1]));

function pairs(s: string): [number, number][] {
  const found: [number, number][] = [];
  const stacks = new Map<string, number[]>();
  let double = -1;
  let single = -1;
  ENCLOSURE_MARK.lastIndex = 0;
  for (let m = ENCLOSURE_MARK.exec(s); m; m = ENCLOSURE_MARK.exec(s)) {
    const p = m.index;
    const c = m[0];
    if (c === '"') {
      if (double >= 0 && canCloseStraight(s, p)) {
        found.push([double, p]);
        double = -1;
      } else if ((double < 0 || p - double > MAX_SPAN) && canOpenStraight(s, p)) double = p; // a stray quote long ago opens nothing
    } else if (c === "'") {
      if (single >= 0 && canCloseStraight(s, p)) {
        found.push([single, p]);
        single = -1;
      } else if ((single < 0 || p - single > MAX_SPAN) && canOpenStraight(s, p)) single = p;
    } else if (CLOSING_OF.has(c)) {
      const stack = stacks.get(c) ?? [];
      stack.push(p);
      stacks.set(c, stack);
    } else if (OPENING_OF.has(c)) {
      // ’ after a letter and before one is an apostrophe ("wasn’t"), not the end of a ‘quote’.
      if (c === "’" && isWordChar(s[p + 1])) continue;
      const open = stacks.get(OPENING_OF.get(c)!)?.pop();
      if (open !== undefined) found.push([open, p]);
    }
  }
  return found;
}

export function findEnclosures(s: string): Enclosures {
  const inner = new Uint8Array(s.length);
  const ends = new Map<number, boolean>();
  const openers = new Set<number>();
  if (!ANY_ENCLOSURE.test(s)) return { inner, ends, openers };
  const spans = pairs(s).filter(([open, close]) => close - open - 1 <= MAX_SPAN);
  for (const [open, close] of spans) {
    inner.fill(1, open + 1, close);
    if (s[open] === '"' || s[open] === "'") openers.add(open);
  }
  for (const [open, close] of spans) {
    if (inner[close] || NEVER_ENDS.has(s[open]!)) continue;
    let k = close - 1;
    while (k > open && INNER_CLOSERS.has(s[k]!)) k--;
    if (k > open && TERMINATORS.has(s[k]!)) ends.set(close + 1, CJK_TERMINATORS.has(s[k]!));
  }
  return { inner, ends, openers };
}
