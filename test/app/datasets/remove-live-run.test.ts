import "fake-indexeddb/auto";
import type { IDBPDatabase } from "idb";
import { describe, expect, it } from "vitest";
import { remove } from "../../../src/app/datasets/actions";
import { datasetsT } from "../../../src/app/datasets/messages";
import { useDatasets } from "../../../src/app/datasets/store";
import { RunService } from "../../../src/app/runs/run-service";
import { webLocks } from "../../../src/app/runs/web-locks";
import { BATCH_LOCK_PREFIX, withLockIfFree } from "../../../src/app/shared/locks/run-locks";
import { idbBatchState, markBatchRun, openBatchDb } from "../../../src/storage/db/batches";
import { appDb } from "../../../src/app/shared/persist/db";
import { deleteRunEverywhere } from "../../../src/app/shared/persist/run-deletion";
import type { JudgeRequest, Sample } from "../../../src/engine";
import { createDataset, getDataset } from "../../../src/storage/db/datasets";
import { getRun, loadRunResults } from "../../../src/storage/db/runs";
import { scriptedJudge } from "../../engine/fake-judge";
import { watchedList } from "../waits";

/**
 * Issue 17: deleting a dataset with its runs leaves no orphans. A run that is live (here, by the
 * sync service's lock; or a batch run some tab polls, by the batch lock) refuses the deletion,
 * so it can never write results or re-save its document for a run that is gone; once it has
 * stopped, the deletion clears every store of both databases (the app's and the batch one).
 */

const samples: Sample[] = Array.from({ length: 6 }, (_, i) => ({
  id: `s${i}`,
  question: `Where is tower ${i}?`,
  answer: `Tower ${i} is in city ${i}.`,
  contexts: [`Tower ${i} stands in city ${i}.`],
}));
const replies = {
  "faithfulness.statements": (r: JudgeRequest<unknown>) => ({ statements: [`Statement ${r.messages.length}.`] }),
  "faithfulness.verdicts": { verdicts: [{ statement: 1, reason: "said so", verdict: 1 }] },
};

/** Every (store, key, value) of a database whose key or value mentions `id`. */
async function rowsMentioning(db: IDBPDatabase<unknown>, id: string): Promise<string[]> {
  const found: string[] = [];
  for (const store of [...db.objectStoreNames]) {
    const tx = db.transaction(store, "readonly");
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      if (`${JSON.stringify(cursor.primaryKey)} ${JSON.stringify(cursor.value)}`.includes(id)) found.push(store);
    }
  }
  return found;
}

async function setup(name: string) {
  const db = (await appDb())!;
  const judge = scriptedJudge(replies, { delayMs: 5 });
  const finished = watchedList<string>("finished samples");
  const entries = finished.items;
  let open = () => {};
  const gate = new Promise<void>((r) => (open = r));
  // Once a sample is done, requests wait for the test to open the gate: the run stays live, whatever the machine's load.
  const gated: typeof judge.judge = {
    complete: async (request) => {
      if (entries.length >= 1) await gate;
      return judge.judge.complete(request);
    },
  };
  let ids = 0;
  const service = new RunService(
    {
      db: async () => db,
      clock: { now: () => Date.now() },
      judge: async () => ({ judge: gated, embedder: undefined }),
      locks: webLocks(),
      newId: () => `${name}-run-${ids++}`,
    },
    { onEntry: (_runId, entry) => finished.push(entry.sampleId) },
  );
  const dataset = await createDataset(db, { name, source: { file: "t.csv", kind: "csv" }, samples });
  const run = await service.create({
    datasetId: dataset.id,
    datasetName: dataset.name,
    samples,
    metrics: ["faithfulness"],
    repeat: 1,
    concurrency: 2,
    prompts: {},
    model: "m",
    embeddingModel: "",
    baseURL: "http://127.0.0.1:1/v1",
  });
  return { db, service, dataset, run, entries, finished, judge, open };
}

const noticeText = () => useDatasets.getState().notice?.text(datasetsT()) ?? "";

describe("deleting a dataset whose run is live", () => {
  it("refuses while the sync run works, says so, and once it has stopped deletes the run and all its rows", async () => {
    const { db, service, dataset, run, entries, finished, open } = await setup("towers");
    const running = service.execute(run.id);
    await finished.reaches(1);

    await remove(dataset, { withRuns: true, runs: 1 });
    expect(useDatasets.getState().notice?.kind).toBe("error");
    expect(noticeText()).toBe("“towers” was not deleted: one of its runs is running (in this tab or another). Pause or cancel it, then delete again.");
    expect((await getDataset(db, dataset.id)).dataset?.name).toBe("towers");

    service.pause();
    open();
    const stopped = await running;
    // Samples already started finish (all of them, when the engine had started them all).
    expect(["paused", "done"]).toContain(stopped.kind);
    // The live run went on writing: its rows are whole, the run document as it stopped.
    const written = (await loadRunResults(db, run.id)).entries.length;
    expect(written).toBe(entries.length);
    expect((await getRun(db, run.id))?.status).toBe(stopped.kind);

    await remove(dataset, { withRuns: true, runs: 1 });
    expect(noticeText()).toBe("Deleted “towers” and its 1 run.");
    expect(await rowsMentioning(db as unknown as IDBPDatabase<unknown>, run.id)).toEqual([]);
    expect(await rowsMentioning(db as unknown as IDBPDatabase<unknown>, dataset.id)).toEqual([]);
    // The snapshot's contents went too (no other run scored these samples).
    expect(await db.count("sampleContents")).toBe(0);
  });

  it("keeping the runs is allowed while one is live: it goes on with its own snapshot", async () => {
    const { db, service, dataset, run, finished, open } = await setup("kept");
    const running = service.execute(run.id);
    await finished.reaches(1);
    await remove(dataset, { runs: 1 });
    open();
    expect(noticeText()).toBe("Deleted “kept”; its 1 run is kept with the samples they scored.");
    expect((await running).kind).toBe("done");
    expect((await loadRunResults(db, run.id)).entries).toHaveLength(samples.length);
  });
});

describe("deleting runs that go by batch", () => {
  it("clears the batch database too, and refuses while a tab polls the run's batches", async () => {
    const { db, dataset, run } = await setup("by batch");
    const batchDb = await openBatchDb();
    await markBatchRun(batchDb, run.id, 1, "api");
    const state = await idbBatchState(batchDb, run.id);
    await state.recordSubmitted({ key: "k", round: 1, batchId: "batch_1", inputFileId: "file_1", endpoint: "/v1/chat/completions", model: "m", requests: 6 });
    await state.recordLines("batch_1", [{ id: "l1", custom_id: `${run.id}-x`, response: { status_code: 200, body: {} }, error: null }]);
    // A second run whose batch state must survive the first one's deletion.
    await markBatchRun(batchDb, "another-run", 2, "files");
    expect(await rowsMentioning(batchDb as unknown as IDBPDatabase<unknown>, run.id)).toEqual(["results", "runs", "submitted"]);

    // A tab polls the run's batches (it holds the batch lock): nothing is deleted.
    let release = () => {};
    const polling = withLockIfFree(BATCH_LOCK_PREFIX + run.id, () => new Promise<void>((r) => (release = r)));
    await remove(dataset, { withRuns: true, runs: 1 });
    expect(noticeText()).toMatch(/was not deleted/);
    expect(await deleteRunEverywhere(db, run.id)).toEqual({ deleted: false, busyRunId: run.id });
    expect(await rowsMentioning(batchDb as unknown as IDBPDatabase<unknown>, run.id)).toEqual(["results", "runs", "submitted"]);
    release();
    await polling;

    await remove(dataset, { withRuns: true, runs: 1 });
    expect(noticeText()).toBe("Deleted “by batch” and its 1 run.");
    expect(await rowsMentioning(db as unknown as IDBPDatabase<unknown>, run.id)).toEqual([]);
    expect(await rowsMentioning(batchDb as unknown as IDBPDatabase<unknown>, run.id)).toEqual([]);
    expect(await rowsMentioning(batchDb as unknown as IDBPDatabase<unknown>, "another-run")).toEqual(["runs"]);
    batchDb.close();
  });

  it("deleting one batch run clears its batch state", async () => {
    const { db, run } = await setup("single");
    const batchDb = await openBatchDb();
    await markBatchRun(batchDb, run.id, 1, "files");
    await (await idbBatchState(batchDb, run.id)).recordLines("upload-1", []);
    expect(await deleteRunEverywhere(db, run.id)).toEqual({ deleted: true, value: { runIds: [run.id] } });
    expect(await rowsMentioning(db as unknown as IDBPDatabase<unknown>, run.id)).toEqual([]);
    expect(await rowsMentioning(batchDb as unknown as IDBPDatabase<unknown>, run.id)).toEqual([]);
    batchDb.close();
  });
});
