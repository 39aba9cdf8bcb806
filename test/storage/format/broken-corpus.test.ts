import { describe, expect, it } from "vitest";
import { readDatasetFile } from "../../../src/cli/files";
import { guessMapping } from "../../../src/storage/format/columns";
import { tableToSamples } from "../../../src/storage/format/mapping";
import { formatIssue, type SamplesFile, SamplesFileError } from "../../../src/storage/format/samples-types";
import { readTable } from "../../../src/storage/format/table";
import { bigCsvContexts, bigRagasCsv } from "./big-csv";
import { BROKEN, fixtureBytes } from "./dataset-fixtures";

/** What an import sees: the file read and checked, or the reason it cannot be read at all. */
async function importFile(file: { name: string; bytes: Uint8Array }): Promise<SamplesFile | SamplesFileError> {
  try {
    const table = await readTable(file);
    return tableToSamples(table, guessMapping(table.columns));
  } catch (error) {
    if (error instanceof SamplesFileError) return error;
    throw error;
  }
}

// Each broken input (test/fixtures/broken, made by make-fixtures.py and make-parquet.mjs) and the
// first message it must give: the file, the row and field where one applies, and what is wrong.
const CORPUS: [file: string, message: string | RegExp][] = [
  ["bad-quoting.csv", 'bad-quoting.csv row 2 (line 3), field "answer": a quoted cell in the row starting on line 3 is never closed'],
  [
    "text-after-quote.csv",
    'text-after-quote.csv row 1 (line 2), field "answer": unexpected text after a closing quote in the row starting on line 2 (write "" for a quote inside a quoted cell)',
  ],
  ["too-many-cells.csv", "too-many-cells.csv row 2 (line 3): 5 cells, but the header names 3 columns (quote cells that contain commas)"],
  ["missing-columns.csv", 'missing-columns.csv, field "question": no column for it (looked for question, user_input); the file has "query", "contexts"'],
  ["missing-answer.csv", 'missing-answer.csv row 2 (line 3), field "answer": missing (also looked for response)'],
  ["wrong-types.csv", 'wrong-types.csv row 1 (line 2), field "retrieved_contexts": a list of numbers, expected a list of text'],
  ["wrong-types.json", 'wrong-types.json row 2, field "question": expected text, got a number'],
  ["broken-list.csv", `broken-list.csv row 1 (line 2), field "contexts": looks like a list but is not one: item 2: a string opened with ' is never closed`],
  ["numpy-elided.csv", /^numpy-elided\.csv row 1 \(line 2\), field "retrieved_contexts": the list was shortened with "\.\.\." when it was written/],
  ["duplicate-ids.csv", 'duplicate-ids.csv row 3 (line 4), field "id": id "a" is already used by row 1'],
  ["duplicate-columns.csv", 'duplicate-columns.csv, field "question": this column appears twice in the header'],
  ["empty.csv", "empty.csv: the file is empty"],
  ["bom-only.csv", "bom-only.csv: the file holds only a byte order mark (BOM) and no data"],
  ["header-only.csv", "header-only.csv: no samples found (expected records with question, answer and contexts)"],
  ["binary.csv", "binary.csv: this is a binary file, not text (a zero byte at byte 1); expected CSV, JSON, JSON Lines or parquet"],
  ["workbook.csv", "workbook.csv: this is a zip archive or an Excel workbook (.xlsx), not text: save the sheet as CSV UTF-8 first"],
  ["bad-json.json", /^bad-json\.json \(line 1\): not valid JSON \(/],
  ["bad-line.jsonl", /^bad-line\.jsonl row 2: not valid JSON \(/],
  [
    "truncated.parquet",
    "truncated.parquet: the parquet file is cut short or damaged (1,230 bytes, and its footer is missing or broken): copy or download it again",
  ],
];

describe("broken inputs: a clear message, and no samples to store", () => {
  for (const [name, expected] of CORPUS) {
    it(name, async () => {
      const result = await importFile(fixtureBytes(BROKEN, name));
      const issues = result instanceof SamplesFileError ? result.issues : result.errors;
      expect(issues.length).toBeGreaterThan(0);
      expect(formatIssue(issues[0]!)).toMatch(typeof expected === "string" ? new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : expected);
      if (!(result instanceof SamplesFileError)) expect(result.samples).toEqual([]);
      // The CLI refuses the same file with the same first message.
      await expect(readDatasetFile(`${BROKEN}${name}`)).rejects.toThrow(formatIssue(issues[0]!));
    });
  }

  it("keeps the rows without problems for 'store only the valid rows', and counts the rest", async () => {
    const result = await importFile(fixtureBytes(BROKEN, "duplicate-ids.csv"));
    expect(result).not.toBeInstanceOf(SamplesFileError);
    const parsed = result as SamplesFile;
    expect(parsed.valid.samples.map((s) => [s.id, s.question])).toEqual([
      ["a", "q1"],
      ["b", "q2"],
    ]);
    expect(parsed.valid.leftOut).toBe(1);
  });

  it("a 50 MB CSV with one bad row deep inside: named by row and field (its speed: parse-speed.measure.ts)", async () => {
    const file = bigRagasCsv({ bytes: 50 * 1024 * 1024, badRow: 30_000 });
    expect(file.bytes.length).toBeGreaterThanOrEqual(50 * 1024 * 1024);
    const progress: number[] = [];
    const table = await readTable({ name: "big.csv", bytes: file.bytes }, { onProgress: (f) => progress.push(f) });
    const parsed = tableToSamples(table, guessMapping(table.columns));
    expect(parsed.errors.map(formatIssue)).toEqual([
      `big.csv row 29999 (line 30000), field "retrieved_contexts": looks like a list but is not one: item 1: a string opened with ' is never closed`,
    ]);
    expect(parsed.samples).toEqual([]);
    expect(parsed.valid.samples).toHaveLength(file.rows - 1);
    expect(parsed.valid.leftOut).toBe(1);
    expect(parsed.valid.samples[41_000]!.contexts).toEqual(bigCsvContexts(41_002));
    expect(progress[0]).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
  }, 60_000);
});
