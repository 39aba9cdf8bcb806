import { isFinished } from "../../engine";
import { listAllRuns, loadRunResults, type RunMeta } from "../../storage/db/runs";
import { heldRunIds } from "../shared/locks/run-locks";
import { batchRunKeys, type BatchRunMode, openBatchDb } from "../../storage/db/batches";
import { appDb } from "../shared/persist/db";

export interface InterruptedRun {
  run: RunMeta;
  /** (sample, repeat) pairs with every metric finished, and how many the run has. */
  finished: number;
  total: number;
  /** A run by a batch API: its batches go on at the provider; no page polls them. */
  byBatch: boolean;
}

/**
 * The newest run stored as running that no tab is running now (its lock is free): the page that
 * ran it was closed or reloaded. Loaded lazily by the shell's alert, off the first paint.
 */
export async function findInterruptedRun(): Promise<InterruptedRun | null> {
  const db = await appDb();
  if (!db) return null;
  const held = await heldRunIds();
  // A run of the download / upload flow is "running" from its first download to its last upload
  // (hours, a day): it waits for the user's results, nothing was interrupted.
  const byBatch = await batchRunKeys(await openBatchDb()).catch(() => new Map<string, BatchRunMode>());
  const run = (await listAllRuns(db)).runs.find((r) => r.status === "running" && !held.has(r.id) && byBatch.get(r.id) !== "files");
  if (!run) return null;
  const { entries } = await loadRunResults(db, run.id);
  const finished = entries.filter((e) => e.repeat < run.repeat && isFinished(e, run.metrics)).length;
  return { run, finished, total: run.sampleCount * run.repeat, byBatch: byBatch.get(run.id) === "api" || run.byBatch === true };
}
