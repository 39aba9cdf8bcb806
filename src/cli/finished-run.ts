import { existsSync } from "node:fs";
import { batchStatePathFor } from "./batch-state-file";
import { journalPathFor } from "./journal-file";

/**
 * A run leaves its journal (or, by batch, its state file) beside the report until it completes,
 * and removes it then. So --resume with the report there and neither file beside it has nothing
 * left to do: a run started again would send every request anew and overwrite the report.
 * Returns what to tell the user, or undefined when there is something to resume (or to start).
 */
export function finishedRunNotice(out: string): string | undefined {
  if (!existsSync(out) || existsSync(journalPathFor(out)) || existsSync(batchStatePathFor(out))) return undefined;
  return `nothing to resume: the run that wrote ${out} finished (it left no ${journalPathFor(out)}); the report is kept as it is. Run without --resume to score again`;
}
