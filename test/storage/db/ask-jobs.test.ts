import { describe, expect, it } from "vitest";
import { deleteAskJob, loadAskJob, recordAsked, saveAskJob } from "../../../src/storage/db/ask-jobs";
import { createDataset, deleteDataset, loadDatasetRows } from "../../../src/storage/db/datasets";
import { deleteDatasetRow } from "../../../src/storage/db/datasets-edit";
import { freshDb } from "./helpers";

/** Issue 29: an ask job's document and the one write per answered row that makes a reload lose nothing. */

const questions = ["Where is the Eiffel Tower?", "埃菲尔铁塔有多高？"];

async function seeded() {
  const db = await freshDb();
  const dataset = await createDataset(db, {
    name: "test set",
    source: { file: "q.jsonl", kind: "jsonl" },
    samples: questions.map((question, i) => ({ id: `q${i}`, question, answer: "", contexts: [] })),
  });
  return { db, dataset };
}

describe("ask jobs", () => {
  it("keeps one job per dataset, reads it back through its schema, and forgets it", async () => {
    const { db, dataset } = await seeded();
    const job = { id: "job-1", datasetId: dataset.id, mode: "missing" as const, status: "running" as const, startedAt: 5, url: "http://localhost:8000/invoke" };
    await saveAskJob(db, job);
    expect((await loadAskJob(db, dataset.id)).job).toEqual(job);
    await saveAskJob(db, { ...job, status: "paused" });
    expect((await loadAskJob(db, dataset.id)).job?.status).toBe("paused");
    await deleteAskJob(db, dataset.id);
    expect(await loadAskJob(db, dataset.id)).toEqual({ job: undefined, issues: [] });
  });

  it("reports and drops a job document it cannot read", async () => {
    const { db, dataset } = await seeded();
    await db.put("settings", { v: 1, id: "j", datasetId: dataset.id, mode: "some", status: "running", startedAt: 1, url: "" }, `askJob:${dataset.id}`);
    const read = await loadAskJob(db, dataset.id);
    expect(read.job).toBeUndefined();
    expect(read.issues).toEqual([
      { store: "settings", key: `askJob:${dataset.id}`, message: expect.stringMatching(/^the ask job is invalid \(mode: .*; it was dropped$/) },
    ]);
    expect(await db.get("settings", `askJob:${dataset.id}`)).toBeUndefined();
  });

  it("writes an answered row once: the new answer, contexts and where it came from; a failed call keeps the row's own sample", async () => {
    const { db, dataset } = await seeded();
    const answered = await recordAsked(
      db,
      dataset.id,
      0,
      { id: "ignored", question: questions[0]!, answer: "In Paris.", contexts: ["The tower is in Paris."] },
      { job: "job-1", at: 10, ms: 42, status: 200 },
    );
    expect(answered ? answered.sample : undefined).toEqual({ id: "q0", question: questions[0], answer: "In Paris.", contexts: ["The tower is in Paris."] });
    await recordAsked(db, dataset.id, 1, undefined, { job: "job-1", at: 11, ms: 5, status: 500, error: "HTTP 500 (after 4 attempts)" });
    const { rows } = await loadDatasetRows(db, dataset.id);
    expect(rows.map((r) => [r.sample.answer, r.asked])).toEqual([
      ["In Paris.", { job: "job-1", at: 10, ms: 42, status: 200 }],
      ["", { job: "job-1", at: 11, ms: 5, status: 500, error: "HTTP 500 (after 4 attempts)" }],
    ]);
  });

  it("writes nothing for a row deleted while its call was in flight, nor for a dataset that is gone", async () => {
    const { db, dataset } = await seeded();
    await deleteDatasetRow(db, dataset.id, 1);
    expect(await recordAsked(db, dataset.id, 1, undefined, { job: "j", at: 1, ms: 1 })).toBe(false);
    await deleteDataset(db, dataset.id);
    expect(await recordAsked(db, dataset.id, 0, undefined, { job: "j", at: 1, ms: 1 })).toBe(false);
    expect(await db.count("datasetRows")).toBe(0);
  });
});
