import { readFileSync } from "node:fs";
import { parquetReadObjects } from "hyparquet";
import { describe, expect, it } from "vitest";
import { testsetToParquet } from "../../../src/app/datasets/export-testset-parquet";
import { TESTSET_COLUMNS, testsetLinesOf, testsetToCsv, testsetToJsonl } from "../../../src/app/datasets/export-testset";
import { type TestsetSample, testsetSampleSchema } from "../../../src/engine/testset/types";
import type { DatasetRow } from "../../../src/storage/db/datasets";
import { parseCsv } from "../../../src/storage/format/csv";
import { unguardCell } from "../../../src/storage/format/formula-guard";

// pandas_testset.py writes pandas-testset.csv / .json and checks ours.csv with pd.read_csv.
const dir = "test/fixtures/testset";
const read = (name: string) => readFileSync(`${dir}/${name}`, "utf8");
const lines = testsetSampleSchema.array().parse(JSON.parse(read("pandas-testset.json")));
const LIST_COLUMNS = new Set(["reference_contexts", "reference_context_ids", "sources", "checks"]);

/** A CSV read back as pandas plus json.loads does: header, then each list/object cell decoded. */
function decode(csv: string): { header: string[]; lines: Record<string, unknown>[] } {
  const [head, ...rows] = parseCsv(csv);
  const header = head?.fields ?? [];
  return {
    header,
    lines: rows.map((r) =>
      Object.fromEntries(header.map((c, i) => [c, LIST_COLUMNS.has(c) ? JSON.parse(unguardCell(r.fields[i] ?? "")) : unguardCell(r.fields[i] ?? "")])),
    ),
  };
}

function rowsOf(set: readonly TestsetSample[]): DatasetRow[] {
  return set.map(({ user_input, reference, reference_contexts, ...testset }, position) => ({
    datasetId: "d1",
    position,
    sample: { id: `q${position + 1}`, question: user_input, answer: "", contexts: reference_contexts, reference },
    testset,
  }));
}

describe("exporting a generated test set", () => {
  it("writes contract 12's columns, and our reader reads it exactly as pandas' own CSV of the same lines", () => {
    const ours = decode(testsetToCsv(lines));
    const pandas = decode(read("pandas-testset.csv"));
    expect(ours.header).toEqual([...TESTSET_COLUMNS]);
    expect(pandas.header).toEqual(ours.header);
    expect(ours.lines).toEqual(lines);
    expect(pandas.lines).toEqual(ours.lines);
    expect(ours.lines[1]?.user_input).toBe("长城有多长？");
    expect(ours.lines[0]?.reference).toBe("It was finished in 1889,\nby Gustave Eiffel's company.");
  });

  it("is byte for byte the export pandas_testset.py checked with pd.read_csv (ours.csv)", () => {
    expect(testsetToCsv(lines)).toBe(read("ours.csv"));
  });

  it("rebuilds the lines from stored rows: the sample's (edited) fields plus the kept extra columns", () => {
    const rows = rowsOf(lines);
    expect(testsetLinesOf(rows)).toEqual(lines);
    const edited = rows.map((r, i) => (i === 0 ? { ...r, sample: { ...r.sample, question: "Edited?" } } : r));
    expect(testsetLinesOf(edited)?.[0]).toEqual({ ...lines[0], user_input: "Edited?" });
    // A dataset that was not generated (or has an added hand-written row) exports as samples.
    const [first, second] = rows;
    if (!first || !second) throw new Error("fixture has two lines");
    expect(testsetLinesOf([first, { datasetId: "d1", position: 2, sample: second.sample }])).toBeNull();
    expect(testsetLinesOf([])).toBeNull();
  });

  it("writes JSON Lines whose every line parses as a test-set line with lists kept as lists", () => {
    const text = testsetToJsonl(lines);
    const parsed = text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(parsed.map((p) => Object.keys(p))).toEqual(lines.map(() => [...TESTSET_COLUMNS]));
    expect(testsetSampleSchema.array().parse(parsed)).toEqual(lines);
    expect(text.endsWith("\n")).toBe(true);
    expect(testsetToJsonl([])).toBe("");
  });

  it("writes parquet with real list columns: read back, and as pd.read_parquet checked it (ours.parquet), it is the lines", async () => {
    const readBack = async (bytes: Uint8Array) => {
      const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      const rows = (await parquetReadObjects({ file })) as Record<string, unknown>[];
      return rows.map((r) => ({ ...r, sources: JSON.parse(String(r.sources)), checks: JSON.parse(String(r.checks)) }));
    };
    const ours = await readBack(testsetToParquet(lines));
    expect(ours.map((r) => Object.keys(r))).toEqual(lines.map(() => [...TESTSET_COLUMNS]));
    expect(ours).toEqual(lines);
    expect(await readBack(new Uint8Array(readFileSync(`${dir}/ours.parquet`)))).toEqual(lines);
  });
});
