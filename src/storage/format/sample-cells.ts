import { describe, parseListCell } from "./list-cell";

/**
 * One cell to one sample field. Every function returns the value or a message; the caller adds
 * the file, row and column. Empty cells count as absent: a spreadsheet cannot tell "" from nothing.
 */
export type CellResult<T> = { ok: true; value: T } | { ok: false; message: string };

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** question and answer: text; numbers are refused (a column of numbers is the wrong column). */
export function textCell(value: unknown): CellResult<string> {
  if (typeof value === "string") return { ok: true, value };
  return { ok: false, message: `expected text, got ${describe(value)}` };
}

/** Ids may be numbers (parquet int64 arrives as bigint); they are kept as their decimal text. */
export function idCell(value: unknown): CellResult<string> {
  if (typeof value === "string") return { ok: true, value: value.trim() };
  if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "bigint") return { ok: true, value: String(value) };
  return { ok: false, message: `expected text or a number, got ${describe(value)}` };
}

/** The reference is text; ragas' old `ground_truths` column is a list, joined with newlines. */
export function referenceCell(value: unknown, isList: boolean): CellResult<string> {
  if (typeof value === "string" && !isList) return { ok: true, value };
  const list = parseListCell(value);
  if (!list.ok) return list;
  return { ok: true, value: list.items.join("\n") };
}
