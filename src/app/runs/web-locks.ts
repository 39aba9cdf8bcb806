import { RUN_LOCK_PREFIX, withLockIfFree } from "../shared/locks/run-locks";
import type { RunLocks } from "./run-service";

/**
 * One tab owns a live run: the Web Locks API holds a lock named after the run for as long as
 * this tab works on it (shared/locks/run-locks.ts, where the names and the fallback live). The
 * lock is released when the run stops or the tab closes (also on a crash), so a reload finds the
 * run free to resume.
 */
export function webLocks(): RunLocks {
  return { exclusive: (runId, work) => withLockIfFree(RUN_LOCK_PREFIX + runId, work) };
}
