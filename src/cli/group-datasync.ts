import { fdatasync } from "node:fs";

/**
 * Group commit for an append-only file: `sync()` resolves once an fdatasync that started after the
 * call has finished, so everything written before the call is on disk. Calls that arrive while one
 * fdatasync runs share the next one: sixteen replies landing together cost two syncs, not sixteen,
 * and none of them blocks the event loop (a synchronous fdatasync per reply took a quarter of the
 * CLI's time on a 200-sample run). The write itself stays synchronous at the caller, so a killed
 * process loses nothing it wrote; the sync is what a power cut would need.
 */
export function groupDatasync(fd: number): () => Promise<void> {
  return groupCommit(() => new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve()))));
}

/** `flush` run at most once at a time; callers during a flush share the one after it. */
export function groupCommit(flush: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const sync = (): Promise<void> => {
    if (!running) {
      running = flush().finally(() => {
        running = undefined;
      });
      return running;
    }
    // Written after the running flush began, so not covered by it: one more flush covers them all.
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = undefined;
        return sync();
      });
    return queued;
  };
  return sync;
}
