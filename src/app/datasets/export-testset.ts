import type { TestsetSample } from "../../engine/testset/types";
import type { DatasetRow } from "../../storage/db/datasets";
import { writeCsv } from "../../storage/format/csv";
import { guardCell } from "../../storage/format/formula-guard";

/**
 * A generated test set out again as ragas's test set (DESIGN.md contract 12): the row's sample
 * gives user_input, reference and reference_contexts (edits included), the stored extra columns
 * the rest. CSV writes list and object cells as JSON (`pd.read_csv`, then `json.loads`); JSON
 * Lines writes them as they are.
 */
export const TESTSET_COLUMNS = [
  "user_input",
  "reference",
  "reference_contexts",
  "reference_context_ids",
  "synthesizer_name",
  "persona_name",
  "query_style",
  "query_length",
  "sources",
  "checks",
] as const satisfies readonly (keyof TestsetSample)[];

/** Rows that were generated (every one keeps its extra columns), in contract 12's shape; null otherwise. */
export function testsetLinesOf(rows: readonly DatasetRow[]): TestsetSample[] | null {
  if (rows.length === 0 || rows.some((r) => r.testset === undefined)) return null;
  return rows.flatMap(({ sample, testset }) =>
    testset ? [{ user_input: sample.question, reference: sample.reference ?? "", reference_contexts: sample.contexts, ...testset }] : [],
  );
}

const cellOf = (value: TestsetSample[keyof TestsetSample]): string => (typeof value === "string" ? value : JSON.stringify(value));

export function testsetToCsv(lines: readonly TestsetSample[]): string {
  return writeCsv([TESTSET_COLUMNS, ...lines.map((line) => TESTSET_COLUMNS.map((c) => guardCell(cellOf(line[c]))))]);
}

export function testsetToJsonl(lines: readonly TestsetSample[]): string {
  return lines.map((line) => JSON.stringify(Object.fromEntries(TESTSET_COLUMNS.map((c) => [c, line[c]])))).join("\n") + (lines.length > 0 ? "\n" : "");
}
