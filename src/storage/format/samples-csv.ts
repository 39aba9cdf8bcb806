import { rawSampleSchema } from "../../engine/sample";
import { CsvSyntaxError, parseCsv } from "./csv";
import type { FileIssue } from "./samples-file";
import type { RawRecord, RecordsRead } from "./samples-json";

/** Columns whose cell holds a list: a JSON array of strings, or plain text for a list of one. */
const LIST_COLUMNS = new Set(["contexts", "retrieved_contexts", "ground_truths"]);
const KNOWN_COLUMNS = new Set(Object.keys(rawSampleSchema.shape));

/**
 * CSV with a header row. Header names are matched loosely ("Question", " user input ") because
 * spreadsheets invite capitals and spaces; empty cells count as absent, since a spreadsheet
 * cannot tell "" from nothing.
 */
export function csvRecords(text: string, file: string): RecordsRead {
  let table: ReturnType<typeof parseCsv>;
  try {
    table = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { records: [], errors: [{ file, row: error.line, message: error.message }], warnings: [] };
    throw error;
  }
  const [header, ...rows] = table;
  if (!header)
    return { records: [], errors: [{ file, message: "the file is empty (expected a header row: question,answer,contexts,reference)" }], warnings: [] };

  const names = header.fields.map((name) => name.trim().toLowerCase().replace(/\s+/g, "_"));
  const errors: FileIssue[] = [];
  const warnings: FileIssue[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (name !== "" && seen.has(name)) errors.push({ file, row: header.row, field: name, message: "this column appears twice in the header" });
    seen.add(name);
  }
  const ignored = names.filter((n) => n !== "" && !KNOWN_COLUMNS.has(n));
  if (ignored.length > 0)
    warnings.push({ file, row: header.row, message: `ignored column${ignored.length > 1 ? "s" : ""} ${ignored.map((n) => `"${n}"`).join(", ")}` });
  if (errors.length > 0) return { records: [], errors, warnings };

  const records: RawRecord[] = [];
  for (const rec of rows) {
    const at = { file, row: rec.row, line: rec.line };
    if (rec.fields.length > names.length) {
      errors.push({ ...at, message: `${rec.fields.length} cells, but the header names ${names.length} columns (quote cells that contain commas)` });
      continue;
    }
    const value: Record<string, unknown> = {};
    let bad = false;
    names.forEach((name, i) => {
      const cell = rec.fields[i] ?? "";
      if (name === "" || !KNOWN_COLUMNS.has(name) || cell.trim() === "") return;
      if (!LIST_COLUMNS.has(name)) {
        value[name] = cell;
        return;
      }
      const list = listCell(cell);
      if (list === undefined) {
        errors.push({ ...at, field: name, message: "expected a JSON list of strings or text" });
        bad = true;
      } else value[name] = list;
    });
    if (!bad) records.push({ value, row: rec.row, line: rec.line });
  }
  return { records, errors, warnings };
}

/**
 * `["a", "b"]` is a list; any other text is one item. A cell that starts like a JSON list of
 * strings (`["` or `[]`) must be one, or it is an error rather than a context that reads `["a", 'b']`.
 */
export function listCell(cell: string): string[] | undefined {
  const trimmed = cell.trim();
  if (!/^\[\s*(\]|")/.test(trimmed)) return [cell];
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === "string")) return parsed;
  } catch {
    // falls through to the error
  }
  return undefined;
}
