import type { Report } from "./report-schema";
import { resultsTable } from "./results-rows";

/**
 * The results as JSON Lines (results-rows.ts), one sample per line: `pd.read_json(path,
 * lines=True)` and `datasets.load_dataset("json", ...)` give `retrieved_contexts` back as lists
 * and the scores as numbers (null where a metric has an error code). No formula guard: no
 * spreadsheet opens JSON Lines, and the text stays exactly as scored.
 */
export function resultsToJsonl(report: Report): string {
  const { columns, rows } = resultsTable(report);
  const lines = rows.map((row) => JSON.stringify(Object.fromEntries(columns.map((c) => [c, row[c] ?? null]))));
  return `${lines.join("\n")}\n`;
}
