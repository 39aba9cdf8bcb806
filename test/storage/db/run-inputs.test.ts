import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { Sample } from "../../../src/engine";
import type { AppDb } from "../../../src/storage/db";
import { countDatasetRuns, createDataset, deleteDataset, loadDatasetSamples } from "../../../src/storage/db/datasets";
import { deleteDatasetRow, updateDatasetRow } from "../../../src/storage/db/datasets-edit";
import { loadRunSamples, sampleHash } from "../../../src/storage/db/run-inputs";
import { createRun, deleteRun, getRun, idbJournal, listAllRuns, type RunMeta, ZERO_USAGE } from "../../../src/storage/db/runs";
import { faithfulnessResult, freshDb, simulateQuotaExceeded } from "./helpers";

const samples: Sample[] = Array.from({ length: 4 }, (_, i) => ({
  id: `s${i}`,
  question: `q${i}?`,
  answer: `a${i}.`,
  contexts: [`c${i}.`],
  reference: `r${i}`,
}));

const meta = (id: string, datasetId: string, sampleCount = samples.length): RunMeta => ({
  id,
  datasetId,
  name: id,
  createdAt: 1,
  updatedAt: 1,
  status: "done",
  metrics: ["faithfulness"],
  repeat: 1,
  concurrency: 2,
  sampleCount,
  model: "m",
  embeddingModel: "",
  baseURL: "http://127.0.0.1:1/v1",
  prompts: {},
  activeMs: 0,
  datasetName: "ds",
  promptsUsed: [],
  unrecorded: { ...ZERO_USAGE },
});

async function counts(db: AppDb): Promise<Record<string, number>> {
  const stores = ["datasets", "datasetRows", "runs", "runResults", "runSamples", "sampleContents"] as const;
  return Object.fromEntries(await Promise.all(stores.map(async (s) => [s, await db.count(s)] as const)));
}

describe("run snapshots", () => {
  it("keeps what a run scored while its dataset's rows are edited and deleted", async () => {
    const db = await freshDb();
    const ds = await createDataset(db, { name: "ds", source: { file: "a.csv", kind: "csv" }, samples });
    await createRun(db, meta("run-1", ds.id), samples);
    await updateDatasetRow(db, ds.id, 1, { ...samples[1]!, answer: "edited" });
    await deleteDatasetRow(db, ds.id, 2);
    expect((await loadDatasetSamples(db, ds.id)).samples.map((s) => s.answer)).toEqual(["a0.", "edited", "a3."]);
    const { samples: scored, issues } = await loadRunSamples(db, "run-1");
    expect(issues).toEqual([]);
    expect(scored).toEqual(samples);
  });

  it("stores each content once, however many runs and ids point at it, and frees it with the last run", async () => {
    const db = await freshDb();
    const renamed = samples.map((s, i) => ({ ...s, id: `other-${i}` }));
    await createRun(db, meta("run-1", "ds-1"), samples);
    await createRun(db, meta("run-2", "ds-2"), renamed);
    expect(sampleHash(samples[0]!)).toBe(sampleHash(renamed[0]!));
    expect(await db.count("sampleContents")).toBe(4);
    expect(await db.count("runSamples")).toBe(8);
    expect((await loadRunSamples(db, "run-2")).samples.map((s) => s.id)).toEqual(["other-0", "other-1", "other-2", "other-3"]);
    await deleteRun(db, "run-1");
    expect(await db.count("sampleContents")).toBe(4);
    await deleteRun(db, "run-2");
    expect(await counts(db)).toMatchObject({ runs: 0, runSamples: 0, sampleContents: 0 });
  });

  it("writes a run and its snapshot together: a full disk stores neither", async () => {
    const db = await freshDb();
    const undo = simulateQuotaExceeded();
    try {
      await expect(createRun(db, meta("run-1", "ds-1"), samples)).rejects.toMatchObject({ name: "StorageFullError" });
    } finally {
      undo();
    }
    expect(await counts(db)).toMatchObject({ runs: 0, runSamples: 0, sampleContents: 0 });
    await expect(createRun(db, meta("run-1", "ds-1", 3), samples)).rejects.toThrow(/4 samples for a run of 3/);
  });
});

describe("deleting a dataset with runs", () => {
  async function datasetWithRuns(db: AppDb) {
    const ds = await createDataset(db, { name: "ds", source: { file: "a.csv", kind: "csv" }, samples });
    const other = await createDataset(db, { name: "other", source: { file: "b.csv", kind: "csv" }, samples: samples.slice(0, 2) });
    for (const id of ["run-1", "run-2"]) {
      await createRun(db, meta(id, ds.id), samples);
      await idbJournal(db, id).append({ sampleId: "s0", repeat: 0, metrics: { faithfulness: faithfulnessResult() } });
    }
    await createRun(db, meta("run-other", other.id, 2), samples.slice(0, 2));
    return { ds, other };
  }

  it("counts its runs, and deletes them with every result and snapshot row (shared contents stay for the other run)", async () => {
    const db = await freshDb();
    const { ds } = await datasetWithRuns(db);
    expect(await countDatasetRuns(db, ds.id)).toBe(2);
    // The ids go back to the caller, which clears them from the batch database too.
    expect(await deleteDataset(db, ds.id, { withRuns: true })).toEqual({ runsDeleted: 2, runIds: ["run-1", "run-2"] });
    expect(await counts(db)).toEqual({ datasets: 1, datasetRows: 2, runs: 1, runResults: 0, runSamples: 2, sampleContents: 2 });
    expect((await loadRunSamples(db, "run-other")).samples).toEqual(samples.slice(0, 2));
  });

  it("keeping the runs keeps them whole: their samples come from their snapshot", async () => {
    const db = await freshDb();
    const { ds } = await datasetWithRuns(db);
    expect(await deleteDataset(db, ds.id)).toEqual({ runsDeleted: 0, runIds: [] });
    expect(await counts(db)).toEqual({ datasets: 1, datasetRows: 2, runs: 3, runResults: 2, runSamples: 10, sampleContents: 4 });
    expect((await loadRunSamples(db, "run-1")).samples).toEqual(samples);
    expect((await getRun(db, "run-1"))?.datasetName).toBe("ds");
    expect((await listAllRuns(db)).runs).toHaveLength(3);
  });
});
