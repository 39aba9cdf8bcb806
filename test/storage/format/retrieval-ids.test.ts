import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Sample } from "../../../src/engine/sample";
import { gradesCell, idListCell } from "../../../src/storage/format/id-cells";
import { parseReport } from "../../../src/storage/format/report-parse";
import { serializeReport } from "../../../src/storage/format/report-build";
import { resultsToCsv } from "../../../src/storage/format/results-csv";
import { resultsToJsonl } from "../../../src/storage/format/results-jsonl";
import { resultsToParquet } from "../../../src/storage/format/results-parquet";
import { formatIssue, readSamples } from "../../../src/storage/format/samples-file";
import { fakeReport } from "./report-fixture";

/** Retrieval ids (contract 15) in files written by pandas (test/fixtures/retrieval/make_samples.py). */
const DIR = fileURLToPath(new URL("../../fixtures/retrieval/", import.meta.url));
const read = (name: string) => readSamples({ name, bytes: new Uint8Array(readFileSync(`${DIR}${name}`)) });

const IDS: Required<Pick<Sample, "retrievedContextIds" | "referenceContextIds" | "referenceContextGrades">>[] = [
  { retrievedContextIds: ["doc-7", "doc 2", "it's-3"], referenceContextIds: ["doc-7", "it's-3"], referenceContextGrades: { "doc-7": 2, "it's-3": 1 } },
  { retrievedContextIds: ["文档1", "文档2"], referenceContextIds: ["文档2"], referenceContextGrades: { 文档2: 3, 文档9: 0.5 } },
  { retrievedContextIds: [], referenceContextIds: ["d1"], referenceContextGrades: {} },
];

describe("retrieval ids in files written by pandas", () => {
  for (const name of ["samples-pandas.csv", "samples-numpy.csv", "samples-pandas.jsonl", "samples-pandas.parquet"]) {
    it(`${name}: ragas' retrieved_context_ids / reference_context_ids and the grades, in rank order`, async () => {
      const parsed = await read(name);
      expect(parsed.errors).toEqual([]);
      expect(
        parsed.samples.map(({ retrievedContextIds, referenceContextIds, referenceContextGrades }) => ({
          retrievedContextIds,
          referenceContextIds,
          referenceContextGrades,
        })),
      ).toEqual(IDS);
      expect(parsed.samples[0]!.contexts).toEqual(["Hamlet is a play by Shakespeare.", "Macbeth is a tragedy."]);
    });
  }
  for (const name of ["samples-numeric.csv", "samples-numeric-numpy.csv", "samples-numeric.parquet"]) {
    it(`${name}: numeric ids become their decimal text`, async () => {
      const parsed = await read(name);
      expect(parsed.errors).toEqual([]);
      expect(parsed.samples[0]).toMatchObject({ retrievedContextIds: ["3", "7", "11"], referenceContextIds: ["7"] });
      expect(parsed.samples[0]!.referenceContextGrades).toBeUndefined();
    });
  }

  it("a bad cell names the file, row and column, and the import keeps nothing", async () => {
    const csv = "question,answer,retrieved_context_ids,reference_context_grades\nq,a,\"['d1', 'd2'\",\nq2,a2,[],\"{'d1': -1}\"\n";
    const parsed = await readSamples({ name: "bad.csv", bytes: new TextEncoder().encode(csv) });
    expect(parsed.samples).toEqual([]);
    expect(parsed.errors.map(formatIssue)).toEqual([
      'bad.csv row 1 (line 2), field "retrieved_context_ids": looks like a list but is not one: item 3: expected a comma, a space or ] after item 2',
      'bad.csv row 2 (line 3), field "reference_context_grades": the grade of "d1" is a number (-1), expected a number >= 0',
    ]);
  });

  it("cells: lists of text or numbers, JSON and Python dicts, with the reason when refused", () => {
    expect(idListCell([" a ", 2, 3n])).toEqual({ ok: true, value: ["a", "2", "3"] });
    expect(idListCell('["x", "y"]')).toEqual({ ok: true, value: ["x", "y"] });
    expect(idListCell("[1 2\n 3]")).toEqual({ ok: true, value: ["1", "2", "3"] });
    expect(idListCell("single-id")).toEqual({ ok: true, value: ["single-id"] });
    expect(idListCell([{}])).toEqual({ ok: false, message: "item 1 of the id list is an object, expected text or a number" });
    expect(gradesCell('{"a": 2, "b": 0}')).toEqual({ ok: true, value: { a: 2, b: 0 } });
    expect(gradesCell("{'a': 1.5, 7: np.int64(2), \"c\": 1e0}")).toEqual({ ok: true, value: { a: 1.5, 7: 2, c: 1 } });
    expect(gradesCell({ a: 1, b: null })).toEqual({ ok: true, value: { a: 1 } });
    expect(gradesCell("['a']")).toEqual({ ok: false, message: "expected an object of id: grade ({...})" });
    expect(gradesCell("{'a': 'high'}")).toEqual({ ok: false, message: 'the grade of "a" is not a number' });
    expect(gradesCell([1])).toEqual({ ok: false, message: "expected an object of id: grade, got a list" });
  });
});

describe("retrieval ids survive the report and the result exports", () => {
  const withIds = (): ReturnType<typeof fakeReport> => {
    const report = fakeReport();
    const [s1, s2] = report.samples as [Sample, Sample];
    const second = { ...s2, retrievedContextIds: IDS[1]!.retrievedContextIds, referenceContextIds: IDS[1]!.referenceContextIds };
    return { ...report, samples: [{ ...s1, ...IDS[0]! }, second] };
  };

  it("a report keeps them, and CSV, JSON Lines and parquet exports import back to the same ids", async () => {
    const report = withIds();
    const reread = parseReport(serializeReport(report), "report.json");
    if (!reread.ok) throw reread.error;
    expect(reread.report.samples[0]).toMatchObject(IDS[0]!);
    expect(reread.report.samples[1]!.referenceContextGrades).toBeUndefined();
    const files = [
      { name: "r.csv", bytes: new TextEncoder().encode(resultsToCsv(report)) },
      { name: "r.jsonl", bytes: new TextEncoder().encode(resultsToJsonl(report)) },
      { name: "r.parquet", bytes: resultsToParquet(report) },
    ];
    for (const file of files) {
      const parsed = await readSamples(file);
      expect(parsed.errors, file.name).toEqual([]);
      expect(
        parsed.samples.map((s) => [s.retrievedContextIds, s.referenceContextIds, s.referenceContextGrades]),
        file.name,
      ).toEqual([
        [IDS[0]!.retrievedContextIds, IDS[0]!.referenceContextIds, IDS[0]!.referenceContextGrades],
        [IDS[1]!.retrievedContextIds, IDS[1]!.referenceContextIds, undefined],
      ]);
    }
  });

  it("a report without ids exports the columns it always did", () => {
    expect(resultsToCsv(fakeReport())).not.toContain("context_ids");
  });
});
