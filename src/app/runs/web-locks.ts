import { memoryLocks, type RunLocks } from "./run-service";

/**
 * One tab owns a live run: the Web Locks API holds a lock named after the run for as long as
 * this tab works on it. The lock is released when the run stops or the tab closes (also on a
 * crash), so a reload finds the run free to resume. Where the API is missing (very old
 * browsers), the tab's own memory lock is all there is.
 */
const RUN_LOCK_PREFIX = "ragas-playground:run:";

interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

function lockManager(): LockManagerLike | undefined {
  return (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
}

export function webLocks(): RunLocks {
  const locks = lockManager();
  if (!locks) return memoryLocks();
  return {
    exclusive: (runId, work) =>
      locks.request(RUN_LOCK_PREFIX + runId, { ifAvailable: true }, async (lock) =>
        lock ? { ran: true as const, value: await work() } : { ran: false as const },
      ),
  };
}

/** Runs whose lock some tab holds (this one included), by id. */
export async function heldRunIds(): Promise<Set<string>> {
  const locks = lockManager();
  if (!locks) return new Set();
  const { held = [] } = await locks.query();
  return new Set(held.flatMap((l) => (l.name?.startsWith(RUN_LOCK_PREFIX) ? [l.name.slice(RUN_LOCK_PREFIX.length)] : [])));
}
