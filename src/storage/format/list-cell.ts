import { parsePythonList } from "./python-literal";

/**
 * One list cell (contexts, ground_truths) as users really have them (DESIGN.md contract 2):
 * - a real list (a JSON file's array, a parquet list column) or a JSON array as text: "json";
 * - a Python list literal as pandas writes a list column to CSV (`['a', "it's b"]`): "python";
 * - a numpy array as pandas writes an array column read from parquet (`['a' 'b']`): "numpy";
 * - anything else is one string: "single" (an empty cell is an empty list).
 * A list of one item (`['a']`) reads the same in Python and numpy; it is reported as "python".
 * `as` says how the cell was read, so the user can check it; a cell that starts like a list
 * (`["`, `['`, `[]`) must be one, or it is an error rather than one context that reads `['a', 'b`.
 */
export type ParsedListCell = { ok: true; items: string[]; as: "json" | "python" | "numpy" | "single" } | { ok: false; message: string };

const LOOKS_LIKE_A_LIST = /^\[\s*(\]|"|'|\.\.\.)/;
/** `[1, 2]` (Python, JSON) or `[1 2]` (numpy): a numeric column mapped as contexts. `[1] Smith` stays text. */
const NUMBER_LIST = /^\[\s*-?\d[\d\s.,eE+-]*\]$/;

export function parseListCell(cell: unknown): ParsedListCell {
  if (cell === null || cell === undefined) return { ok: true, items: [], as: "single" };
  if (Array.isArray(cell)) return fromArray(cell, "json");
  if (typeof cell !== "string") return { ok: false, message: `expected text or a list of text, got ${describe(cell)}` };
  const trimmed = cell.trim();
  if (trimmed === "") return { ok: true, items: [], as: "single" };
  if (NUMBER_LIST.test(trimmed)) return { ok: false, message: "a list of numbers, expected a list of text" };
  if (!LOOKS_LIKE_A_LIST.test(trimmed)) return { ok: true, items: [cell], as: "single" };
  if (/^\[\s*("|\])/.test(trimmed)) {
    const json = tryJson(trimmed);
    if (json !== undefined) return fromArray(json, "json");
  }
  const python = parsePythonList(trimmed);
  if (python.ok) return python;
  return { ok: false, message: python.dataLost ? python.message : `looks like a list but is not one: ${python.message}` };
}

function fromArray(list: unknown[], as: "json"): ParsedListCell {
  const bad = list.findIndex((item) => typeof item !== "string");
  if (bad >= 0) return { ok: false, message: `item ${bad + 1} of the list is ${describe(list[bad])}, expected text` };
  return { ok: true, items: list as string[], as };
}

function tryJson(text: string): unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** "a number", "null", "an object": for messages about a value of the wrong type. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (value instanceof Uint8Array) return "binary data";
  if (value instanceof Date) return "a date";
  const type = typeof value;
  return type === "object" ? "an object" : type === "bigint" ? "a number" : `a ${type}`;
}
