import { writeCsv } from "./csv";
import { guardCell } from "./formula-guard";
import type { Report } from "./report-schema";
import { type ResultsCell, resultsTable } from "./results-rows";

export interface ResultsCsvOptions {
  /**
   * Start with a UTF-8 byte order mark (default true): Excel reads a CSV without one in the
   * system's legacy code page and shows Chinese as mojibake; pandas and papaparse skip it.
   */
  bom?: boolean;
}

/**
 * The results as CSV (results-rows.ts: ragas column names, a score / error / reason column per
 * metric). `retrieved_contexts` is written as a JSON array, which is also a valid Python list
 * literal, so `json.loads` and `ast.literal_eval` both give the list back after `pd.read_csv`.
 * An empty score with an error code is a coded null, never a 0. Text cells that a spreadsheet
 * would run as a formula are guarded (formula-guard.ts, the dataset export's guard too, which our
 * CSV reader takes off exactly); scores are numbers and list cells start with "[", so both stay
 * as they are.
 */
export function resultsToCsv(report: Report, options: ResultsCsvOptions = {}): string {
  const { columns, rows } = resultsTable(report);
  const body = writeCsv([columns, ...rows.map((row) => columns.map((c) => csvCell(row[c] ?? null)))]);
  return options.bom === false ? body : `\uFEFF${body}`;
}

function csvCell(value: ResultsCell): string | number {
  if (value === null) return "";
  if (Array.isArray(value)) return JSON.stringify(value);
  return typeof value === "number" ? value : guardCell(value);
}
