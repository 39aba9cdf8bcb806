import { type CsvOptions, type CsvParsed, CsvSyntaxError, parseCsvText } from "./csv";
import { unguardCell } from "./formula-guard";
import { type FileIssue, type RawTable, SamplesFileError } from "./samples-types";

/**
 * A CSV file as a raw table: the header row names the columns (kept as written; mapping.ts
 * matches them loosely), every later record is a row of text cells. A header cell left empty is
 * the index column pandas writes by default (`df.to_csv()` without index=False): it is skipped.
 * A cell our writers guarded against formula injection (an apostrophe and a word joiner before
 * "=SUM(A1)": formula-guard.ts) reads back as written before the guard; any other apostrophe stays.
 */
export function csvTable(text: string, file: string, opts: CsvOptions = {}): RawTable {
  let parsed: CsvParsed;
  try {
    parsed = parseCsvText(text, opts);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      // Row 0 is the header: no sample row to name, the line says where.
      const row = error.row > 0 ? { row: error.row } : {};
      throw new SamplesFileError([{ file, ...row, line: error.line, ...(error.field ? { field: error.field } : {}), message: error.message }]);
    }
    throw error;
  }
  const [header, ...records] = parsed.records;
  if (!header) throw new SamplesFileError([{ file, message: "the file is empty (expected a header row such as question,answer,contexts,reference)" }]);

  const names = header.fields.map((name) => name.trim());
  const seen = new Set<string>();
  const problems: FileIssue[] = [];
  for (const name of names) {
    if (name !== "" && seen.has(name)) problems.push({ file, field: name, message: "this column appears twice in the header" });
    seen.add(name);
  }
  if (problems.length > 0) throw new SamplesFileError(problems);

  const rows: Record<string, unknown>[] = [];
  const rowNumbers: number[] = [];
  const lines: number[] = [];
  const rowErrors: FileIssue[] = [];
  for (const rec of records) {
    const extra = rec.fields.slice(names.length);
    if (extra.some((cell) => cell.trim() !== "")) {
      const where = { file, row: rec.row, line: rec.line };
      const hint = parsed.delimiter === "," ? " (quote cells that contain commas)" : "";
      rowErrors.push({ ...where, message: `${rec.fields.length} cells, but the header names ${names.length} columns${hint}` });
      continue;
    }
    const row: Record<string, unknown> = {};
    names.forEach((name, i) => {
      // Our CSVs (dataset export, results) mark formula-like cells: undo exactly that mark.
      if (name !== "") row[name] = unguardCell(rec.fields[i] ?? "");
    });
    rows.push(row);
    rowNumbers.push(rec.row);
    lines.push(rec.line);
  }
  return {
    file,
    kind: "csv",
    columns: names.filter((n) => n !== ""),
    rows,
    rowNumbers,
    lines,
    ...(rowErrors.length > 0 ? { rowErrors } : {}),
  };
}
