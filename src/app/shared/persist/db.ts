import { openAppDb, type AppDb } from "../../../storage/db/db";

/**
 * One lazily opened database for the whole app. When IndexedDB is unavailable (private modes,
 * blocked storage) every caller gets null and the app keeps working in memory.
 */
let opening: Promise<AppDb | null> | null = null;

export function appDb(): Promise<AppDb | null> {
  // Started inside a promise: where reading `indexedDB` itself throws (a sandboxed frame, no
  // IndexedDB at all) the throw is synchronous, and must become null like any other failure.
  opening ??= Promise.resolve()
    .then(() =>
      openAppDb(undefined, {
        // Another tab upgraded the schema: this connection is gone; the next call reopens.
        onVersionChange: () => {
          opening = null;
        },
        onTerminated: () => {
          opening = null;
        },
      }),
    )
    .catch(() => null);
  return opening;
}

/** Runs a storage call; a failure is reported to onError and never breaks the UI flow. */
export async function withDb<T>(fn: (db: AppDb) => Promise<T>, onError?: (error: unknown) => void): Promise<T | undefined> {
  const db = await appDb();
  if (!db) return undefined;
  try {
    return await fn(db);
  } catch (error) {
    onError?.(error);
    return undefined;
  }
}
