import { isQuotaError } from "./quota";

/**
 * Runs the steps of one transaction and waits for it to commit. Without this, a step that throws
 * leaves `tx.done` rejecting with nobody listening (an unhandled rejection), and the steps
 * already taken might still commit. Here a failing step aborts the whole transaction, and when
 * the transaction itself died of a full disk, that (not the step's InvalidStateError) is rethrown.
 */
export async function inTx<T>(tx: { done: Promise<void>; abort(): void }, steps: () => Promise<T>): Promise<T> {
  const done = tx.done;
  done.catch(() => undefined); // always observed below; this only silences the early-exit path
  let value: T;
  try {
    value = await steps();
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // already finished (e.g. aborted by the browser): nothing to roll back
    }
    const txError = await done.then(
      () => undefined,
      (e: unknown) => e,
    );
    throw isQuotaError(txError) ? txError : error;
  }
  await done;
  return value;
}
