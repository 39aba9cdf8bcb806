/**
 * Python's str semantics where the reference tools (sacreBLEU, rouge-score, rapidfuzz) depend on
 * them: `str.split()` and `str.strip()` know a slightly different whitespace set than JavaScript's
 * `\s` (Python adds U+001C-U+001F and U+0085; JavaScript adds U+FEFF), and Python indexes by code
 * point where JavaScript indexes by UTF-16 unit. Matching these is what makes our scores equal.
 */

const PY_SPACE_CLASS = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const PY_SPACE_RUN = new RegExp(`[${PY_SPACE_CLASS}]+`, "g");
const PY_TRAILING_SPACE = new RegExp(`[${PY_SPACE_CLASS}]+$`);
const PY_LEADING_SPACE = new RegExp(`^[${PY_SPACE_CLASS}]+`);

/** Python's `s.split()`: runs of whitespace separate, no empty pieces. */
export function pySplit(s: string): string[] {
  return s.split(PY_SPACE_RUN).filter((piece) => piece.length > 0);
}

/** Python's `s.rstrip()`. */
export function pyRstrip(s: string): string {
  return s.replace(PY_TRAILING_SPACE, "");
}

/** Python's `s.strip()`. */
export function pyStrip(s: string): string {
  return pyRstrip(s).replace(PY_LEADING_SPACE, "");
}

/** The string as Python sees it: one element per code point (an emoji is one, not two). */
export function codePoints(s: string): string[] {
  return Array.from(s);
}

/** Counts equal items: Python's collections.Counter over strings. */
export function countItems(items: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}
