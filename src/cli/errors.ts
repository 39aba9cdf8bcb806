/**
 * The CLI's exit codes (DESIGN.md contract 6), in one place so scripts can rely on them:
 *   0    the run completed and the report was written (coded nulls are results, not failures)
 *   1    a file could not be read, parsed or written, or the run could not start (the endpoint is
 *        unreachable, refuses the key or does not know the model), or every single request failed
 *   2    usage: a bad, missing or unknown flag
 *   75   --batch-files: waiting for the output files of the round just written (EX_TEMPFAIL)
 *   130  cancelled with Ctrl-C (the partial report is still written, with cancelled nulls)
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, waiting: 75, cancelled: 130 } as const;

/** A bad command line: exit 2 with one line. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** A file or endpoint problem that stops the run: exit 1 with one line. */
export class RunError extends Error {
  override name = "RunError";
}
