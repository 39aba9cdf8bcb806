import { isFinished } from "../../engine";
import { listAllRuns, loadRunResults, type RunMeta } from "../../storage/db/runs";
import { heldRunIds } from "../shared/locks/run-locks";
import { appDb } from "../shared/persist/db";

export interface InterruptedRun {
  run: RunMeta;
  /** (sample, repeat) pairs with every metric finished, and how many the run has. */
  finished: number;
  total: number;
}

/**
 * The newest run stored as running that no tab is running now (its lock is free): the page that
 * ran it was closed or reloaded. Loaded lazily by the shell's alert, off the first paint.
 */
export async function findInterruptedRun(): Promise<InterruptedRun | null> {
  const db = await appDb();
  if (!db) return null;
  const held = await heldRunIds();
  const run = (await listAllRuns(db)).runs.find((r) => r.status === "running" && !held.has(r.id));
  if (!run) return null;
  const { entries } = await loadRunResults(db, run.id);
  const finished = entries.filter((e) => e.repeat < run.repeat && isFinished(e, run.metrics)).length;
  return { run, finished, total: run.sampleCount * run.repeat };
}
