import { describe, expect, it } from "vitest";
import type { Sample } from "../../../src/engine/sample";
import type { AppDb } from "../../../src/storage/db";
import { createDataset, deleteDataset, getDataset, listDatasets, loadDatasetRows, loadDatasetSamples } from "../../../src/storage/db/datasets";
import { addDatasetRow, deleteDatasetRow, DuplicateSampleIdError, renameDataset, updateDatasetRow } from "../../../src/storage/db/datasets-edit";
import { freshDb, simulateQuotaExceeded } from "./helpers";

const make = (n: number, prefix = "s"): Sample[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}`, question: `Q${i + 1}?`, answer: `A${i + 1}.`, contexts: [`C${i + 1}a`, `C${i + 1}b`] }));
const source = { file: "data.csv", kind: "csv" };

/** Every row of both dataset stores, to compare "before" and "after". */
async function snapshot(db: AppDb): Promise<unknown> {
  return { datasets: await db.getAll("datasets"), rows: await db.getAll("datasetRows") };
}

describe("datasets", () => {
  it("stores a dataset with its samples and reads them back in order", async () => {
    const db = await freshDb();
    const samples = make(25);
    samples[3]!.reference = "参考答案：在巴黎。";
    const meta = await createDataset(db, { name: " wiki ", source, samples, createdAt: 5 });
    expect(meta).toMatchObject({ name: "wiki", rowCount: 25, nextPosition: 25, createdAt: 5, source });
    expect((await loadDatasetSamples(db, meta.id)).samples).toEqual(samples);
    const { rows, issues } = await loadDatasetRows(db, meta.id);
    expect(issues).toEqual([]);
    expect(rows.map((r) => r.position)).toEqual([...Array(25).keys()]);
    expect((await getDataset(db, meta.id)).dataset).toEqual(meta);
  });

  it("lists datasets newest first and keeps their rows apart", async () => {
    const db = await freshDb();
    const old = await createDataset(db, { name: "old", source, samples: make(2), createdAt: 1 });
    const recent = await createDataset(db, { name: "new", source, samples: make(3), createdAt: 2 });
    expect((await listDatasets(db)).datasets.map((d) => [d.name, d.rowCount])).toEqual([
      ["new", 3],
      ["old", 2],
    ]);
    await deleteDataset(db, recent.id);
    expect((await listDatasets(db)).datasets.map((d) => d.id)).toEqual([old.id]);
    expect((await loadDatasetSamples(db, old.id)).samples).toHaveLength(2);
    expect(await db.count("datasetRows")).toBe(2);
  });

  it("a failed import leaves the database unchanged: duplicate ids, an invalid sample, a full disk", async () => {
    const db = await freshDb();
    await createDataset(db, { name: "kept", source, samples: make(3) });
    const before = await snapshot(db);
    const duplicate = [...make(3), make(1)[0]!];
    await expect(createDataset(db, { name: "dup", source, samples: duplicate })).rejects.toThrow('sample id "s1" appears twice (row 4)');
    const invalid = [...make(2), { id: "x", question: 42, answer: "a", contexts: [] } as unknown as Sample];
    await expect(createDataset(db, { name: "bad", source, samples: invalid })).rejects.toThrow(/not stored: the dataset row is invalid \(sample.question/);
    await expect(createDataset(db, { name: "  ", source, samples: make(1) })).rejects.toThrow("a dataset needs a name");
    const undo = simulateQuotaExceeded();
    try {
      await expect(createDataset(db, { name: "full", source, samples: make(50) })).rejects.toThrow();
    } finally {
      undo();
    }
    expect(await snapshot(db)).toEqual(before);
  });

  it("renames, edits, adds and deletes rows, keeping the row count", async () => {
    const db = await freshDb();
    const meta = await createDataset(db, { name: "d", source, samples: make(3) });
    expect((await renameDataset(db, meta.id, "  renamed ")).name).toBe("renamed");
    await updateDatasetRow(db, meta.id, 1, { id: "s2", question: "改过的问题？", answer: "A.", contexts: ["c"] });
    const added = await addDatasetRow(db, meta.id, { id: "new", question: "Q", answer: "A", contexts: [] });
    expect(added.position).toBe(3);
    expect(await deleteDatasetRow(db, meta.id, 0)).toBe(true);
    expect(await deleteDatasetRow(db, meta.id, 0)).toBe(false);
    const { samples } = await loadDatasetSamples(db, meta.id);
    expect(samples.map((s) => [s.id, s.question])).toEqual([
      ["s2", "改过的问题？"],
      ["s3", "Q3?"],
      ["new", "Q"],
    ]);
    const { dataset } = await getDataset(db, meta.id);
    expect(dataset).toMatchObject({ name: "renamed", rowCount: 3, nextPosition: 4 });
    // A deleted position is never reused, so a row's key stays its own.
    expect((await addDatasetRow(db, meta.id, { id: "newer", question: "Q", answer: "A", contexts: [] })).position).toBe(4);
  });

  it("refuses an id another row already has, and changes nothing", async () => {
    const db = await freshDb();
    const meta = await createDataset(db, { name: "d", source, samples: make(3) });
    const before = await snapshot(db);
    await expect(updateDatasetRow(db, meta.id, 0, { ...make(3)[0]!, id: "s2" })).rejects.toBeInstanceOf(DuplicateSampleIdError);
    await expect(addDatasetRow(db, meta.id, { ...make(1)[0]! })).rejects.toThrow('already has the id "s1"');
    await expect(updateDatasetRow(db, meta.id, 0, { ...make(1)[0]!, id: " " })).rejects.toThrow("a sample needs an id");
    expect(await snapshot(db)).toEqual(before);
    // Keeping its own id is fine.
    await updateDatasetRow(db, meta.id, 0, { ...make(1)[0]!, answer: "changed" });
    expect((await loadDatasetSamples(db, meta.id)).samples[0]!.answer).toBe("changed");
  });

  it("an unreadable row or dataset is reported and skipped, not thrown", async () => {
    const db = await freshDb();
    const meta = await createDataset(db, { name: "d", source, samples: make(3) });
    await db.put("datasetRows", { datasetId: meta.id, position: 1, sample: { id: "s2", question: 7 }, v: 1 });
    await db.put("datasets", { id: "broken", v: 1 });
    const { rows, issues } = await loadDatasetRows(db, meta.id);
    expect(rows.map((r) => r.sample.id)).toEqual(["s1", "s3"]);
    expect(issues[0]).toMatchObject({ store: "datasetRows", key: JSON.stringify([meta.id, 1]) });
    expect(issues[0]!.message).toContain("sample.question");
    const listed = await listDatasets(db);
    expect(listed.datasets.map((d) => d.id)).toEqual([meta.id]);
    expect(listed.issues.map((i) => i.key)).toEqual(["broken"]);
  });
});
