import "fake-indexeddb/auto";
import { openDB, unwrap } from "idb";
import { describe, expect, it } from "vitest";
import { BATCH_DB_NAME, BATCH_DB_VERSION } from "../../../src/storage/db/batch-db";
import type { SubmittedBatch } from "../../../src/engine/run/batch-records";
import { StorageFullError } from "../../../src/storage/db/quota";
import {
  batchRunKeys,
  type DownloadedBatchFile,
  downloadedBatchFiles,
  forgetBatchRun,
  idbBatchState,
  markBatchRun,
  openBatchDb,
  recordBatchFiles,
} from "../../../src/storage/db/batches";
import { simulateQuotaExceeded } from "./helpers";

/**
 * The batch database's runs store (version 2): which runs go by batch and how, so a reload drives
 * an API run again and never takes a batch run for a sync one. A version-1 database (batches and
 * lines of a run already in flight) upgrades without losing them.
 */
describe("batch runs in the batch database", () => {
  it("upgrades a version-1 database keeping its batches; marks, lists and forgets runs", async () => {
    const name = "batch-runs-upgrade";
    const v1 = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore("submitted", { keyPath: ["runKey", "batchId"] }).createIndex("runKey", "runKey");
        db.createObjectStore("results", { keyPath: ["runKey", "batchId"] }).createIndex("runKey", "runKey");
      },
    });
    await v1.put("submitted", {
      runKey: "run-a",
      key: "k1",
      round: 1,
      batchId: "batch_1",
      inputFileId: "file_1",
      endpoint: "/v1/chat/completions",
      model: "m",
      requests: 3,
    });
    v1.close();

    const db = await openBatchDb(name);
    expect((await idbBatchState(db, "run-a")).submitted().map((b) => b.batchId)).toEqual(["batch_1"]);
    expect(await batchRunKeys(db)).toEqual(new Map());

    await markBatchRun(db, "run-a", 1, "api");
    await markBatchRun(db, "run-b", 2, "files");
    // A row some other version wrote is skipped, not trusted.
    await db.put("runs", { runKey: "run-c", createdAt: "yesterday" });
    expect(await batchRunKeys(db)).toEqual(
      new Map([
        ["run-a", "api"],
        ["run-b", "files"],
      ]),
    );

    await forgetBatchRun(db, "run-a");
    expect((await idbBatchState(db, "run-a")).submitted()).toEqual([]);
    expect([...(await batchRunKeys(db)).keys()]).toEqual(["run-b"]);
    db.close();
  });

  it("keeps the layout users' browsers hold (issue 27 moved it to src/storage/db): its name, version 3 and four stores", async () => {
    expect(BATCH_DB_NAME).toBe("ragas-playground-batches");
    const db = await openBatchDb();
    expect(db.name).toBe("ragas-playground-batches");
    expect(db.version).toBe(BATCH_DB_VERSION);
    expect(BATCH_DB_VERSION).toBe(3);
    // The browser's own view of the database (idb's typed wrapper knows only the stores it declares).
    const raw = unwrap(db);
    const tx = raw.transaction([...raw.objectStoreNames]);
    const layout = [...raw.objectStoreNames].map((name) => {
      const store = tx.objectStore(name);
      return { name, keyPath: store.keyPath, indexes: [...store.indexNames].map((index) => [index, store.index(index).keyPath]) };
    });
    db.close();
    expect(layout).toEqual([
      { name: "files", keyPath: ["runKey", "name"], indexes: [["runKey", "runKey"]] },
      { name: "results", keyPath: ["runKey", "batchId"], indexes: [["runKey", "runKey"]] },
      { name: "runs", keyPath: "runKey", indexes: [] },
      { name: "submitted", keyPath: ["runKey", "batchId"], indexes: [["runKey", "runKey"]] },
    ]);
  });

  it("a full disk: each write says so as StorageFullError, as every write in src/storage/db does, and keeps nothing half-done", async () => {
    const db = await openBatchDb("batch-runs-quota");
    const state = await idbBatchState(db, "run-q");
    const batch = {
      key: "k",
      round: 1,
      batchId: "batch_q",
      inputFileId: "file_q",
      endpoint: "/v1/chat/completions",
      model: "m",
      requests: 1,
    } satisfies SubmittedBatch;
    const file = { name: "round-1-chat-1-of-1.jsonl", round: 1, kind: "chat", index: 1, of: 1, lineIds: ["c1"], text: "{}\n" } satisfies DownloadedBatchFile;
    const restore = simulateQuotaExceeded();
    try {
      await expect(state.recordSubmitted(batch)).rejects.toBeInstanceOf(StorageFullError);
      await expect(state.recordLines("batch_q", [{ custom_id: "c1", response: null, error: "gone" }])).rejects.toThrow(
        /the results of batch batch_q could not be saved/i,
      );
      await expect(markBatchRun(db, "run-q", 1)).rejects.toBeInstanceOf(StorageFullError);
      await expect(recordBatchFiles(db, "run-q", [file])).rejects.toBeInstanceOf(StorageFullError);
    } finally {
      restore();
    }
    // Nothing of it is on record: the next poll asks the provider again.
    const reread = await idbBatchState(db, "run-q");
    expect([reread.submitted(), reread.finished().size, await batchRunKeys(db), await downloadedBatchFiles(db, "run-q")]).toEqual([[], 0, new Map(), []]);
    db.close();
  });
});
