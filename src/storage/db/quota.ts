/**
 * Running out of space. Browsers report it as a transaction abort: the write request itself
 * "succeeds", then the transaction aborts and idb's `await tx.done` rejects with the
 * QuotaExceededError (Firefox: NS_ERROR_DOM_QUOTA_REACHED; Dexie has seen it wrapped as the
 * inner error of an AbortError). Every write in this folder goes through `withQuota`, so the app
 * gets ONE typed error with a message a person can act on.
 */

const STORAGE_FULL_MESSAGE =
  "The browser's storage for this site is full, so the last change was not saved. " +
  "Free some space: delete old history entries, clear the response cache, or export what you want to keep and delete it here. " +
  "If saving still fails afterwards, reload the page.";

export class StorageFullError extends Error {
  override readonly name = "StorageFullError";
  /**
   * `what` names what could not be saved ("the dataset “FAQ” (3,000 rows)"): the message says
   * so, and that what was saved before is kept (a write is one transaction: it all rolls back).
   */
  constructor(
    cause?: unknown,
    readonly what?: string,
  ) {
    super(what ? `${capitalise(what)} could not be saved, and nothing saved before was lost. ${STORAGE_FULL_MESSAGE}` : STORAGE_FULL_MESSAGE, { cause });
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function isStorageFullError(error: unknown): error is StorageFullError {
  return error instanceof StorageFullError || (typeof error === "object" && error !== null && (error as { name?: unknown }).name === "StorageFullError");
}

const QUOTA_NAMES = new Set(["QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"]);

/** True for a quota error, also when it is wrapped in an abort (as `inner` or `cause`). */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 3) return false;
  const e = error as { name?: unknown; code?: unknown; inner?: unknown; cause?: unknown };
  if (typeof e.name === "string" && QUOTA_NAMES.has(e.name)) return true;
  // Legacy DOMException code QUOTA_EXCEEDED_ERR = 22 (Safari used to report only the code).
  if (e.code === 22) return true;
  return isQuotaError(e.inner, depth + 1) || isQuotaError(e.cause, depth + 1);
}

/** Runs a write (which must await its transaction's `done`); a quota failure becomes StorageFullError naming `what`. */
export async function withQuota<T>(write: () => Promise<T>, what?: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError(error, what);
    throw error;
  }
}

export interface StorageEstimate {
  /** Bytes used by this origin (approximate, as the browser reports it). */
  usage: number;
  /** Bytes this origin may use. */
  quota: number;
}

/** Approximate usage and quota, or undefined where the browser cannot tell (insecure context, Node). */
export async function storageEstimate(): Promise<StorageEstimate | undefined> {
  const storage = (globalThis as { navigator?: { storage?: { estimate?: () => Promise<{ usage?: number; quota?: number }> } } }).navigator?.storage;
  if (typeof storage?.estimate !== "function") return undefined;
  try {
    const { usage, quota } = await storage.estimate();
    if (typeof usage !== "number" || typeof quota !== "number") return undefined;
    return { usage, quota };
  } catch {
    return undefined;
  }
}

/** Whether the browser granted persistent storage (false where it cannot tell). */
export async function storagePersisted(): Promise<boolean> {
  const storage = (globalThis as { navigator?: { storage?: { persisted?: () => Promise<boolean> } } }).navigator?.storage;
  if (typeof storage?.persisted !== "function") return false;
  try {
    return await storage.persisted();
  } catch {
    return false;
  }
}

/**
 * Asks the browser not to evict this site's data under pressure. Firefox asks the user; Chromium
 * and Safari decide silently (often "no", always in headless runs), so the caller must cope with
 * false. Call it after a user gesture.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = (globalThis as { navigator?: { storage?: { persist?: () => Promise<boolean> } } }).navigator?.storage;
  if (typeof storage?.persist !== "function") return false;
  try {
    return await storage.persist();
  } catch {
    return false;
  }
}
