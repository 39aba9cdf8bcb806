import { deleteDataset } from "../../../storage/db/datasets";
import { deleteRun } from "../../../storage/db/runs";
import type { AppDb } from "../../../storage/db/schema";
import { whileRunsIdle } from "../locks/run-locks";
import { forgetBatchRun, openBatchDb } from "../../../storage/db/batches";

/**
 * Deleting runs (one, or a dataset's with the dataset) from both databases: the app's (the run,
 * its results, its snapshot) and the batch database (its by-batch mark, submitted batches and the
 * lines they brought back), so no store of either keeps a row of a run that is gone.
 *
 * A live run is never deleted: the deletion holds every lock of the runs it deletes (no tab can
 * start, resume or poll them meanwhile) and refuses when one is held. Refusing, rather than
 * cancelling the run first, is what a user expects of a Delete button: a run is work they started
 * and are paying for, possibly in another tab this tab cannot stop, and a dataset dialog is no
 * place to end it silently. The refusal names the run; Pause or Cancel it, then delete.
 */

export type Deleted<T> = { deleted: true; value: T } | { deleted: false; busyRunId: string };

async function forgetBatchState(runIds: readonly string[]): Promise<void> {
  if (runIds.length === 0) return;
  const batchDb = await openBatchDb();
  try {
    for (const runId of runIds) await forgetBatchRun(batchDb, runId);
  } finally {
    batchDb.close();
  }
}

async function guarded<T>(runIds: readonly string[], work: () => Promise<T & { runIds: readonly string[] }>): Promise<Deleted<T>> {
  const held = await whileRunsIdle(runIds, async () => {
    const value = await work();
    // After the app's rows are gone (never before: a failed deletion must not lose a live batch's state).
    await forgetBatchState(value.runIds);
    return value;
  });
  return held.ran ? { deleted: true, value: held.value } : { deleted: false, busyRunId: held.busy };
}

/** Deletes one run from both databases, unless it is live. */
export function deleteRunEverywhere(db: AppDb, runId: string): Promise<Deleted<{ runIds: readonly string[] }>> {
  return guarded([runId], async () => {
    await deleteRun(db, runId);
    return { runIds: [runId] };
  });
}

/** Deletes a dataset; with `withRuns` its runs too, from both databases, unless one of them is live. */
export async function deleteDatasetEverywhere(
  db: AppDb,
  datasetId: string,
  options: { withRuns: boolean },
): Promise<Deleted<{ runsDeleted: number; runIds: readonly string[] }>> {
  // Kept runs go on with their own snapshot (a live one too): only runs that are deleted need idle locks.
  const runIds = options.withRuns ? (await db.getAllKeysFromIndex("runs", "datasetId", datasetId)).map(String) : [];
  return guarded(runIds, () => deleteDataset(db, datasetId, options));
}
