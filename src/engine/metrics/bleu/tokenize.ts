import { codePoints, pySplit, pyStrip } from "../../text/python-str";

/**
 * sacreBLEU's tokenizers, rule for rule: `13a` (mteval-v13a, its default) and `zh` (each Chinese
 * character apart, then the same punctuation rules). Also `none` and `char`, which sacreBLEU's
 * published test cases use. The result is the token list (sacreBLEU joins with spaces, then splits).
 */
export type BleuTokenizer = "13a" | "zh" | "none" | "char";

// mteval's punctuation rules, in order (sacreBLEU's TokenizerRegexp).
const RULES: readonly [RegExp, string][] = [
  [/([{-~[-` -&(-+:-@/])/g, " $1 "],
  // a period or comma, unless preceded by a digit
  [/([^0-9])([.,])/g, "$1 $2 "],
  // a period or comma, unless followed by a digit
  [/([.,])([^0-9])/g, " $1 $2"],
  // a dash after a digit
  [/([0-9])(-)/g, "$1 $2 "],
];

function punctuation(line: string): string[] {
  let out = line;
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return pySplit(out);
}

function tokenize13a(line: string): string[] {
  let s = line.replaceAll("<skipped>", "").replaceAll("-\n", "").replaceAll("\n", " ");
  if (s.includes("&")) s = s.replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
  return punctuation(` ${s} `);
}

/**
 * The code points sacreBLEU's `zh` tokenizer splits apart. Its table is written with Python
 * string bounds, and two of them ('\u20000', '\u2f800') are really two characters long, so
 * Python's string comparison makes them U+2001..U+2A6D and U+2F81..U+2FA1 (general punctuation,
 * arrows, maths, dingbats, ...) while Extension B (U+20000...) is not split. These are the ranges
 * its code actually applies, taken by running it over every code point.
 */
const ZH_RANGES: readonly [number, number][] = [
  [0x2001, 0x2a6d],
  [0x2e80, 0x2fdf],
  [0x2ff0, 0x303f],
  [0x3100, 0x312f],
  [0x31a0, 0x31ef],
  [0x3200, 0x4db5],
  [0x4e00, 0x9fbb],
  [0xf900, 0xfa2d],
  [0xfa30, 0xfa6a],
  [0xfa70, 0xfad9],
  [0xfe10, 0xfe1f],
  [0xfe30, 0xfe4f],
  [0xff00, 0xffef],
];

export function isZhSplitChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return ZH_RANGES.some(([lo, hi]) => code >= lo && code <= hi);
}

function tokenizeZh(line: string): string[] {
  let spaced = "";
  for (const char of codePoints(pyStrip(line))) spaced += isZhSplitChar(char) ? ` ${char} ` : char;
  return punctuation(spaced);
}

export function bleuTokens(line: string, tokenizer: BleuTokenizer): string[] {
  switch (tokenizer) {
    case "13a":
      return tokenize13a(line);
    case "zh":
      return tokenizeZh(line);
    case "none":
      return pySplit(line);
    case "char":
      // sacreBLEU: ' '.join(ch for ch in line), then split: every non-space code point a token.
      return pySplit(codePoints(line).join(" "));
  }
}

const HAN = /\p{Script=Han}/u;

/** Our rule: the `zh` tokenizer when either side holds a Chinese (Han) character, else `13a`. */
export function chooseBleuTokenizer(answer: string, reference: string): "13a" | "zh" {
  return HAN.test(answer) || HAN.test(reference) ? "zh" : "13a";
}
