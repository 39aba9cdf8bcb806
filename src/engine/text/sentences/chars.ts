/** Character classes the splitter decides on. Tested one character at a time, only where a decision is made. */

/** Marks that can end a sentence: Latin, CJK full-width, and the single-character ellipsis and doubled marks. */
export const TERMINATORS = new Set([".", "!", "?", "…", "‼", "⁇", "⁈", "⁉", "。", "！", "？", "｡", "．"]);

/** CJK terminators end a sentence whatever follows: Chinese puts no space (and has no case) after them. */
export const CJK_TERMINATORS = new Set(["。", "！", "？", "｡", "．"]);

/** Marks that may follow a terminator and still belong to the sentence it ends: closing quotes and brackets, Markdown emphasis ("**Note.** Then"). */
export const CLOSERS = new Set([")", "]", "}", "”", "’", '"', "'", "」", "』", "）", "》", "〉", "】", "〕", "»", "*", "_"]);

/** Opening quotes and brackets that may stand before the first word of a sentence. */
export const OPENERS = new Set(["(", "[", "{", "“", "‘", '"', "'", "「", "『", "（", "《", "〈", "【", "〔", "«", "¿", "¡"]);

/** List bullets: one standing after a space starts a new item (the middle dot · is left out: Chinese names use it). */
export const BULLETS = new Set(["•", "⁃", "◦", "▪", "‣", "●", "■", "►", "➢"]);

const HAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const UPPER = /\p{Lu}|\p{Lt}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /[0-9０-９]/;
const WORD = /[\p{L}\p{N}]/u;

const SPACE = /\s/;
/** ASCII without a regex (this runs for most characters of a line); the rest (NBSP, ideographic space) by \s. */
export function isSpace(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return code < 128 ? code === 32 || (code >= 9 && code <= 13) : SPACE.test(c);
}

// ASCII and the main CJK block are answered from the char code; the Unicode classes only for the rest.
export function isHan(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return code < 0x2e80 ? false : code >= 0x4e00 && code <= 0x9fff ? true : HAN.test(c);
}
export function isUpper(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return code < 128 ? code >= 65 && code <= 90 : UPPER.test(c);
}
export function isLower(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return code < 128 ? code >= 97 && code <= 122 : LOWER.test(c);
}
export const isDigit = (c: string | undefined): boolean => c !== undefined && DIGIT.test(c);
/** A letter or a digit of any script. */
export function isWordChar(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return code < 128 ? (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122) : WORD.test(c);
}

/** Index of the first non-space character at or after `from` (s.length when there is none). */
export function skipSpaces(s: string, from: number): number {
  let i = from;
  while (i < s.length && isSpace(s[i])) i++;
  return i;
}
