/**
 * Reads the text pandas writes for a list column (Python's repr of a list: `['a', "it's b"]`) and
 * for an array column read from parquet (numpy's str of an array: `['a' 'b']`, items separated by
 * whitespace, wrapped across lines, long arrays elided with "..."). Only string items are allowed:
 * contexts are text, and anything else means the column is not what we think it is.
 */

export type PythonListResult = { ok: true; items: string[]; as: "python" | "numpy" } | { ok: false; message: string; dataLost?: true };

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
      return {
        ok: false,
        dataLost: true,
        message: `the list was shortened with "..." when it was written (numpy elides arrays of over 1,000 items; "..." follows item ${items.length}): items are lost, so write the file again with full lists (e.g. df["retrieved_contexts"].map(list) before to_csv)`,
      };
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
export function readString(s: string, start: number): StringRead {
  const quote = s[start];
  if (quote !== "'" && quote !== '"') {
    const word = /^[A-Za-z0-9_.+-]+/.exec(s.slice(start))?.[0];
    return { ok: false, message: word ? `${word} is not text (expected a quoted string)` : "expected a quoted string" };
  }
  // Copy the runs between escapes in one slice each: a 50 MB file holds millions of characters.
  let value = "";
  let i = start + 1;
  let close = s.indexOf(quote, i);
  let slash = s.indexOf("\\", i);
  while (close !== -1) {
    if (slash === -1 || slash > close) return { ok: true, value: value + s.slice(i, close), end: close + 1 };
    value += s.slice(i, slash);
    const esc = escapeAt(s, slash);
    if (!esc.ok) return esc;
    value += esc.value;
    i = esc.end;
    if (close < i) close = s.indexOf(quote, i);
    slash = s.indexOf("\\", i);
  }
  return { ok: false, message: `a string opened with ${quote} is never closed` };
}

/** The escape sequence whose backslash is at `at`: its value and the index after it. */
function escapeAt(s: string, at: number): StringRead {
  const esc = s[at + 1];
  if (esc === undefined) return { ok: false, message: "the text ends in a backslash" };
  const simple = SIMPLE_ESCAPES[esc];
  if (simple !== undefined) return { ok: true, value: simple, end: at + 2 };
  if (esc === "x" || esc === "u" || esc === "U") {
    const size = esc === "x" ? 2 : esc === "u" ? 4 : 8;
    const hex = s.slice(at + 2, at + 2 + size);
    if (hex.length !== size || !/^[0-9a-fA-F]+$/.test(hex)) return { ok: false, message: `a broken \\${esc} escape` };
    const code = Number.parseInt(hex, 16);
    if (code > 0x10ffff) return { ok: false, message: `\\${esc}${hex} is not a character` };
    return { ok: true, value: String.fromCodePoint(code), end: at + 2 + size };
  }
  const octal = /^[0-7]{1,3}/.exec(s.slice(at + 1, at + 4))?.[0];
  if (octal) return { ok: true, value: String.fromCodePoint(Number.parseInt(octal, 8)), end: at + 1 + octal.length };
  // A line continuation; Python keeps any other unknown escape as written (backslash and letter).
  if (esc === "\n") return { ok: true, value: "", end: at + 2 };
  return { ok: true, value: `\\${esc}`, end: at + 2 };
}

function skipSpace(s: string, i: number): number {
  for (let c = s.charCodeAt(i); c === 32 || c === 10 || c === 13 || c === 9; c = s.charCodeAt(++i));
  return i;
}

function fail(message: string): PythonListResult {
  return { ok: false, message };
}
