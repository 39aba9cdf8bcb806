import { describe, parseListCell } from "./list-cell";
import { readString } from "./python-literal";
import type { CellResult } from "./sample-cells";

/**
 * The retrieval id cells of contract 15. Id lists come the ways contexts do (a real list, JSON,
 * a Python list literal, a numpy array) but may hold numbers, which a document store's ids often
 * are: each becomes its decimal text, so `[3, 7]` and `['3', '7']` name the same documents.
 * Grades come as an object (JSON, or the Python dict literal pandas writes to CSV).
 */

const NUMBER_LIST = /^\[\s*(-?\d[\d.eE+-]*(\s*,\s*|\s+)?)*\]$/;

export function idListCell(value: unknown): CellResult<string[]> {
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return idsOf(Array.from(value as ArrayLike<unknown>));
  if (typeof value === "number" || typeof value === "bigint") return idsOf([value]);
  if (typeof value === "string" && NUMBER_LIST.test(value.trim())) {
    const inner = value.trim().slice(1, -1).trim();
    return { ok: true, value: inner === "" ? [] : inner.split(/\s*,\s*|\s+/).filter((t) => t !== "") };
  }
  const list = parseListCell(value);
  if (!list.ok) return list;
  return { ok: true, value: list.items.map((id) => id.trim()).filter((id) => id !== "") };
}

function idsOf(items: unknown[]): CellResult<string[]> {
  const out: string[] = [];
  for (const [i, item] of items.entries()) {
    if (typeof item === "string") {
      if (item.trim() !== "") out.push(item.trim());
    } else if ((typeof item === "number" && Number.isFinite(item)) || typeof item === "bigint") out.push(String(item));
    else return { ok: false, message: `item ${i + 1} of the id list is ${describe(item)}, expected text or a number` };
  }
  return { ok: true, value: out };
}

/** `{"d1": 2, "d2": 1}` or `{'d1': 2}`; a null grade (a parquet struct's missing key) is no grade. */
export function gradesCell(value: unknown): CellResult<Record<string, number>> {
  let object: unknown = value;
  if (typeof value === "string") {
    const text = value.trim();
    const parsed = tryJson(text) ?? pythonDict(text);
    if (!parsed.ok) return parsed;
    object = parsed.value;
  }
  if (object === null || typeof object !== "object" || Array.isArray(object)) {
    return { ok: false, message: `expected an object of id: grade, got ${describe(object)}` };
  }
  const grades: Record<string, number> = {};
  for (const [id, raw] of Object.entries(object)) {
    if (raw === null || raw === undefined) continue;
    const grade = typeof raw === "bigint" ? Number(raw) : raw;
    if (typeof grade !== "number" || !Number.isFinite(grade) || grade < 0) {
      return { ok: false, message: `the grade of "${id}" is ${describe(raw)}${typeof grade === "number" ? ` (${grade})` : ""}, expected a number >= 0` };
    }
    grades[id.trim()] = grade;
  }
  return { ok: true, value: grades };
}

function tryJson(text: string): CellResult<unknown> | undefined {
  if (!text.startsWith("{")) return undefined;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** A Python dict of string or number keys and number values, as repr writes it. */
function pythonDict(s: string): CellResult<Record<string, number>> {
  if (!s.startsWith("{")) return { ok: false, message: "expected an object of id: grade ({...})" };
  const out: Record<string, number> = {};
  let i = skip(s, 1);
  while (s[i] !== "}") {
    if (i >= s.length) return { ok: false, message: "the object is never closed with }" };
    let key: string;
    if (s[i] === "'" || s[i] === '"') {
      const read = readString(s, i);
      if (!read.ok) return read;
      key = read.value;
      i = read.end;
    } else {
      const word = /^-?\d+/.exec(s.slice(i))?.[0];
      if (!word) return { ok: false, message: `a key at character ${i + 1} is neither text nor a number` };
      key = word;
      i += word.length;
    }
    i = skip(s, i);
    if (s[i] !== ":") return { ok: false, message: `expected : after the key "${key}"` };
    i = skip(s, i + 1);
    const number = /^(np\.\w+\()?(-?[\d.]+(?:[eE][+-]?\d+)?)\)?/.exec(s.slice(i));
    if (!number) return { ok: false, message: `the grade of "${key}" is not a number` };
    out[key] = Number(number[2]);
    i = skip(s, i + number[0].length);
    if (s[i] === ",") i = skip(s, i + 1);
    else if (s[i] !== "}") return { ok: false, message: `expected , or } after the grade of "${key}"` };
  }
  if (skip(s, i + 1) !== s.length) return { ok: false, message: "unexpected text after the closing }" };
  return { ok: true, value: out };
}

function skip(s: string, i: number): number {
  while (i < s.length && /\s/.test(s[i]!)) i++;
  return i;
}
