import { describe, expect, it } from "vitest";
import { readDatasetFile } from "../../../src/cli/files";
import { guessMapping } from "../../../src/storage/format/columns";
import { tableToSamples } from "../../../src/storage/format/mapping";
import { readTable } from "../../../src/storage/format/table";
import { DATASETS, EXPECTED_CONTEXTS, EXPECTED_QUESTIONS, EXPECTED_REFERENCES, fixtureBytes } from "./dataset-fixtures";

/**
 * Files as users' tools write them (test/fixtures/make-fixtures.py with pandas, make-parquet.mjs),
 * read step by step (readTable -> guessMapping -> tableToSamples, as the import worker does) and
 * through the CLI's reader (readDatasetFile: the same pipeline in one call).
 */
const FILES: { name: string; kind: string; readAs: Record<string, number>; ids?: string[] }[] = [
  { name: "pandas-list.csv", kind: "csv", readAs: { python: 4 } },
  { name: "pandas-numpy.csv", kind: "csv", readAs: { numpy: 4 } },
  { name: "excel-semicolon.csv", kind: "csv", readAs: { json: 4 } },
  { name: "pandas-records.jsonl", kind: "jsonl", readAs: { json: 4 } },
  { name: "pandas-style.parquet", kind: "parquet", readAs: { json: 4 } },
  { name: "hf-datasets-style.parquet", kind: "parquet", readAs: { json: 4 }, ids: ["1000", "1001", "1002", "1003"] },
];

describe("dataset files written by pandas, Excel and parquet writers", () => {
  for (const f of FILES) {
    it(`${f.name}: every sample gets its own list of contexts (browser path)`, async () => {
      const progress: number[] = [];
      const table = await readTable(fixtureBytes(DATASETS, f.name), { onProgress: (x) => progress.push(x) });
      expect(table.kind).toBe(f.kind);
      const mapping = guessMapping(table.columns);
      expect(mapping).toMatchObject({ question: "user_input", answer: "response", contexts: "retrieved_contexts", reference: "reference" });
      const parsed = tableToSamples(table, mapping);
      expect(parsed.errors).toEqual([]);
      expect(parsed.samples.map((s) => s.contexts)).toEqual(EXPECTED_CONTEXTS);
      expect(parsed.samples.map((s) => s.question)).toEqual(EXPECTED_QUESTIONS);
      expect(parsed.samples.map((s) => s.reference)).toEqual(EXPECTED_REFERENCES);
      // Rows count samples from 1 in every format (a CSV's header is not a row): the same ids from each file.
      expect(parsed.samples.map((s) => s.id)).toEqual(f.ids ?? ["row-1", "row-2", "row-3", "row-4"]);
      expect(parsed.contextsReadAs).toEqual(f.readAs);
      expect(progress.at(-1)).toBe(1);
    });

    it(`${f.name}: the CLI's reader gives the same samples`, async () => {
      const cli = await readDatasetFile(`${DATASETS}${f.name}`);
      expect(cli.samples.map((s) => s.contexts)).toEqual(EXPECTED_CONTEXTS);
      if (f.readAs.python) expect(cli.warnings.map((w) => w.message)).toContain("read 4 cells as Python list literals (the way pandas writes a list column)");
      if (f.readAs.numpy)
        expect(cli.warnings.map((w) => w.message)).toContain("read 4 cells as numpy arrays (the way pandas writes an array column read from parquet)");
    });
  }

  it("skips the index column pandas writes by default", async () => {
    const table = await readTable(fixtureBytes(DATASETS, "pandas-list.csv"));
    expect(table.columns).toEqual(["user_input", "response", "retrieved_contexts", "reference"]);
    expect(table.lines).toEqual([2, 3, 4, 5]);
  });

  it("knows the text line each row starts on when numpy wrapped cells across lines", async () => {
    const table = await readTable(fixtureBytes(DATASETS, "pandas-numpy.csv"));
    expect(table.rowNumbers).toEqual([1, 2, 3, 4]);
    expect(table.lines).toEqual([2, 4, 6, 7]);
  });

  it("reads the semicolon CSV's BOM, CRLF and ';' without being told", async () => {
    const file = fixtureBytes(DATASETS, "excel-semicolon.csv");
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(file.bytes)).toContain(";retrieved_contexts;reference\r\n");
    const table = await readTable(file);
    expect(table.columns[0]).toBe("user_input");
  });

  it("reads Excel's plain (Windows-1252) CSV with its euro signs and curly quotes, and says how it was read", async () => {
    const file = fixtureBytes(DATASETS, "excel-cp1252.csv");
    expect([...file.bytes].filter((b) => b >= 0x80 && b <= 0x9f).length).toBeGreaterThan(10);
    const parsed = tableToSamples(await readTable(file), { question: "question", answer: "answer", contexts: "contexts", reference: "reference" });
    expect(parsed.samples.map((s) => s.answer)).toEqual(["It charges 5 € for a “crème brûlée”.", "Zoë did — twice."]);
    expect(parsed.samples[0]!.contexts).toEqual(["The café’s crème brûlée costs 5 € – a bargain…"]);
    expect(parsed.warnings.map((w) => w.message)).toContain("the file is not UTF-8; it was read as Windows-1252 (check accented letters in the preview)");
  });
});
