import { describe, expect, it } from "vitest";
import type { TestsetExtra } from "../../../src/engine/testset/types";
import { createDataset, loadDatasetRows } from "../../../src/storage/db/datasets";
import { addDatasetRow, updateDatasetRow } from "../../../src/storage/db/datasets-edit";
import { freshDb } from "./helpers";

const source = { file: "docs", kind: "testset" };
const samples = [
  { id: "q1", question: "Who built it?", answer: "", contexts: ["Eiffel's company built it."], reference: "Eiffel's company." },
  { id: "q2", question: "长城有多长？", answer: "", contexts: ["约21,196公里。"], reference: "约两万公里。" },
];
const extra = (i: number): TestsetExtra => ({
  reference_context_ids: [`c${i}`],
  synthesizer_name: "single_hop_specific_query_synthesizer",
  persona_name: i === 1 ? "Student" : "老师",
  query_style: "PERFECT_GRAMMAR",
  query_length: "SHORT",
  sources: [{ document: `doc${i}.md`, start: 0, end: 20 }],
  checks: { grounded: { pass: true, reason: "in the context" } },
});

describe("a generated dataset's extra columns", () => {
  it("are stored with its rows, kept through an edit, and absent on hand-added rows", async () => {
    const db = await freshDb();
    const meta = await createDataset(db, { name: "generated", source, samples, testset: [extra(1), extra(2)] });
    const { rows, issues } = await loadDatasetRows(db, meta.id);
    expect(issues).toEqual([]);
    expect(rows.map((r) => r.testset)).toEqual([extra(1), extra(2)]);
    expect((await db.getAll("datasetRows")).map((r) => (r as { v: number }).v)).toEqual([2, 2]);

    await updateDatasetRow(db, meta.id, 0, { ...samples[0]!, question: "Who built the tower?" });
    await addDatasetRow(db, meta.id, { id: "mine", question: "Mine?", answer: "", contexts: [] });
    const after = (await loadDatasetRows(db, meta.id)).rows;
    expect(after.map((r) => [r.sample.question, r.testset?.persona_name])).toEqual([
      ["Who built the tower?", "Student"],
      ["长城有多长？", "老师"],
      ["Mine?", undefined],
    ]);
  });

  it("reads rows stored at format 1 (before the extra columns) unchanged", async () => {
    const db = await freshDb();
    const meta = await createDataset(db, { name: "old", source: { file: "a.csv", kind: "csv" }, samples: samples.slice(0, 1) });
    await db.put("datasetRows", { datasetId: meta.id, position: 0, sample: samples[0], v: 1 });
    const { rows, issues } = await loadDatasetRows(db, meta.id);
    expect(issues).toEqual([]);
    expect(rows).toEqual([{ datasetId: meta.id, position: 0, sample: samples[0] }]);
  });

  it("refuses a malformed extra column before writing anything, naming the field", async () => {
    const db = await freshDb();
    const bad = { ...extra(1), query_style: "SHOUTING" } as unknown as TestsetExtra;
    await expect(createDataset(db, { name: "bad", source, samples: samples.slice(0, 1), testset: [bad] })).rejects.toThrow(/query_style/);
    expect(await db.getAll("datasetRows")).toEqual([]);
    expect(await db.getAll("datasets")).toEqual([]);
  });
});
