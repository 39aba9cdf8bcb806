import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { BATCH_LOCK_PREFIX, type LockManagerLike, RUN_LOCK_PREFIX } from "../../../src/app/shared/locks/run-locks";
import { appDb } from "../../../src/app/shared/persist/db";
import { markBatchRun, openBatchDb } from "../../../src/storage/db/batches";
import { findInterruptedRun } from "../../../src/app/shell/interrupted-runs";
import { createDataset } from "../../../src/storage/db/datasets";
import { createRun, type RunMeta } from "../../../src/storage/db/runs";
import { storedRunningRun } from "./stored-run";

/**
 * Issue 17/18: a run stored as running is announced as interrupted only when no tab drives it. A
 * sync run's tab holds `ragas-playground:run:<id>`, a batch run's polling tab
 * `ragas-playground-batch:<id>`: either lock, held by another tab, means the run is not interrupted.
 */

/** navigator.locks as another tab's: the names it holds, seen through query(). */
function otherTabLocks(held: Set<string>): LockManagerLike {
  return {
    request: async (name, _options, callback) => callback(held.has(name) ? null : { name }),
    query: async () => ({ held: [...held].map((name) => ({ name })) }),
  };
}

afterEach(() => {
  delete (globalThis as { navigator?: unknown }).navigator;
});

describe("findInterruptedRun", () => {
  it("skips a run another tab drives by sync or by batch, and announces it once no tab holds it", async () => {
    const meta = await storedRunningRun("d", { id: "batch-run", name: "by batch", byBatch: true });
    const held = new Set<string>();
    (globalThis as { navigator?: unknown }).navigator = { locks: otherTabLocks(held) };

    held.add(BATCH_LOCK_PREFIX + meta.id);
    expect(await findInterruptedRun()).toBeNull();
    held.clear();
    held.add(RUN_LOCK_PREFIX + meta.id);
    expect(await findInterruptedRun()).toBeNull();
    held.clear();
    expect(await findInterruptedRun()).toEqual({ run: meta, finished: 0, total: 1, byBatch: true });
  });

  it("never announces a run of the download / upload flow: it waits for the user's results, it is not interrupted (issue 26)", async () => {
    const db = (await appDb())!;
    const samples = [{ id: "a", question: "q?", answer: "a.", contexts: ["c."] }];
    const dataset = await createDataset(db, { name: "files", source: { file: "f.csv", kind: "csv" }, samples });
    const base = (await findInterruptedRun())?.run;
    const files: RunMeta = { ...base!, id: "files-run", datasetId: dataset.id, name: "by files", createdAt: 9, updatedAt: 9 };
    await createRun(db, files, samples);
    (globalThis as { navigator?: unknown }).navigator = { locks: otherTabLocks(new Set()) };
    // The newest running run, no tab holds it: announced while it is not known to go by files.
    expect((await findInterruptedRun())?.run.id).toBe("files-run");
    await markBatchRun(await openBatchDb(), "files-run", 9, "files");
    // Marked as a files run: passed over, the older batch run (by the API, no tab polling it) is the one announced.
    expect((await findInterruptedRun())?.run.id).toBe("batch-run");
  });
});
