/**
 * Reads the text pandas writes for a list column (Python's repr of a list: `['a', "it's b"]`) and
 * for an array column read from parquet (numpy's str of an array: `['a' 'b']`, items separated by
 * whitespace, wrapped across lines, long arrays elided with "..."). Only string items are allowed:
 * contexts are text, and anything else means the column is not what we think it is.
 */

export type PythonListResult = { ok: true; items: string[]; as: "python" | "numpy" } | { ok: false; message: string };

const SIMPLE_ESCAPES: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', n: "\n", r: "\r", t: "\t", a: "\x07", b: "\b", f: "\f", v: "\v" };

export function parsePythonList(text: string): PythonListResult {
  const s = text.trim();
  if (!s.startsWith("[")) return fail("does not start with [");
  const items: string[] = [];
  let commas = false;
  let spaces = false;
  let i = skipSpace(s, 1);
  while (s[i] !== "]") {
    if (i >= s.length) return fail("the list is never closed with ]");
    if (s.startsWith("...", i)) {
      return fail(
        `the list was shortened with "..." when it was written (numpy prints long arrays that way after item ${items.length}): items are lost, so write the file again with full lists`,
      );
    }
    const read = readString(s, i);
    if (!read.ok) return fail(`item ${items.length + 1}: ${read.message}`);
    items.push(read.value);
    const afterItem = read.end;
    i = skipSpace(s, afterItem);
    if (s[i] === ",") {
      commas = true;
      i = skipSpace(s, i + 1);
    } else if (s[i] !== "]") {
      if (i === afterItem) return fail(`item ${items.length + 1}: expected a comma, a space or ] after item ${items.length}`);
      spaces = true;
    }
  }
  if (i !== s.length - 1) return fail("unexpected text after the closing ]");
  if (commas && spaces) return fail("items are separated by commas in some places and by spaces in others");
  return { ok: true, items, as: spaces ? "numpy" : "python" };
}

type StringRead = { ok: true; value: string; end: number } | { ok: false; message: string };

/** One Python string literal starting at `start` (a quote); returns its value and the index after it. */
function readString(s: string, start: number): StringRead {
  const quote = s[start];
  if (quote !== "'" && quote !== '"') {
    const word = /^[A-Za-z0-9_.+-]+/.exec(s.slice(start))?.[0];
    return { ok: false, message: word ? `${word} is not text (expected a quoted string)` : "expected a quoted string" };
  }
  let value = "";
  let i = start + 1;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === quote) return { ok: true, value, end: i + 1 };
    if (ch !== "\\") {
      value += ch;
      i++;
      continue;
    }
    const esc = s[i + 1];
    if (esc === undefined) break;
    const simple = SIMPLE_ESCAPES[esc];
    if (simple !== undefined) {
      value += simple;
      i += 2;
    } else if (esc === "x" || esc === "u" || esc === "U") {
      const size = esc === "x" ? 2 : esc === "u" ? 4 : 8;
      const hex = s.slice(i + 2, i + 2 + size);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== size) return { ok: false, message: `a broken \\${esc} escape` };
      const code = Number.parseInt(hex, 16);
      if (code > 0x10ffff) return { ok: false, message: `\\${esc}${hex} is not a character` };
      value += String.fromCodePoint(code);
      i += 2 + size;
    } else if (/[0-7]/.test(esc)) {
      const octal = /^[0-7]{1,3}/.exec(s.slice(i + 1))![0];
      value += String.fromCodePoint(Number.parseInt(octal, 8));
      i += 1 + octal.length;
    } else if (esc === "\n") {
      i += 2; // a line continuation inside a literal
    } else {
      // Python keeps an unknown escape as written (a backslash and the letter).
      value += `\\${esc}`;
      i += 2;
    }
  }
  return { ok: false, message: `a string opened with ${quote} is never closed` };
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && /\s/.test(s[i]!)) i++;
  return i;
}

function fail(message: string): PythonListResult {
  return { ok: false, message };
}
