/**
 * The Web Locks a live run holds, by name, for every feature that must know whether a run is live
 * (the runs pane, the batch session, the datasets view that deletes runs, the shell's
 * interrupted-run announcement). A sync run holds `ragas-playground:run:<id>` while this tab works
 * on it; a batch run holds `ragas-playground-batch:<id>` while a tab polls it. The browser drops a
 * lock when its tab closes (or crashes), so a free lock on a run stored as "running" means no tab
 * drives it. Where the API is missing (very old browsers, Node), locks are this tab's own memory.
 */
export const RUN_LOCK_PREFIX = "ragas-playground:run:";
export const BATCH_LOCK_PREFIX = "ragas-playground-batch:";

/** The part of navigator.locks we use. */
export interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

function lockManager(): LockManagerLike | undefined {
  return (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
}

/** The fallback: names this tab holds (one set for the whole tab, so every caller sees the others' locks). */
const heldHere = new Set<string>();

/** Runs `work` holding the lock `name`; `{ ran: false }` at once when it is held (here or in another tab). */
export async function withLockIfFree<T>(name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  const locks = lockManager();
  if (locks) return locks.request(name, { ifAvailable: true }, async (lock) => (lock ? { ran: true as const, value: await work() } : { ran: false as const }));
  if (heldHere.has(name)) return { ran: false };
  heldHere.add(name);
  try {
    return { ran: true, value: await work() };
  } finally {
    heldHere.delete(name);
  }
}

/** Runs whose sync or batch lock some tab holds (this one included), by id. */
export async function heldRunIds(): Promise<Set<string>> {
  const locks = lockManager();
  const names = locks ? ((await locks.query()).held ?? []).flatMap((l) => (l.name ? [l.name] : [])) : [...heldHere];
  const ids = new Set<string>();
  for (const name of names) {
    for (const prefix of [RUN_LOCK_PREFIX, BATCH_LOCK_PREFIX]) if (name.startsWith(prefix)) ids.add(name.slice(prefix.length));
  }
  return ids;
}

/**
 * Runs `work` while no tab can start, resume or poll any of `runIds`: it takes both locks of each
 * run, or none when one is held (that run is live: `{ ran: false, busy }`). What deletes runs
 * goes through here, so a live run can never write results for a run that is gone.
 */
export async function whileRunsIdle<T>(runIds: readonly string[], work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false; busy: string }> {
  const names = runIds.flatMap((id) => [RUN_LOCK_PREFIX + id, BATCH_LOCK_PREFIX + id]);
  const hold = async (i: number): Promise<{ ran: true; value: T } | { ran: false; busy: string }> => {
    const name = names[i];
    if (name === undefined) return { ran: true, value: await work() };
    const held = await withLockIfFree(name, () => hold(i + 1));
    if (!held.ran) return { ran: false, busy: runIds[Math.floor(i / 2)]! };
    return held.value;
  };
  return hold(0);
}
