import type { DatasetRow } from "../../../storage/db/datasets";
import type { AskJob } from "../../../storage/db/ask-jobs";
import { userTurnCount } from "./ask-conversation";

/**
 * Which rows an "Ask your system" job asks: by its mode (rows without an answer, or all), minus
 * those it already answered (a resume after Pause or a reload asks the target nothing twice). A
 * row whose call failed is asked again on resume, and so is a conversation the job answered only
 * some turns of (it goes on from the next turn).
 */
export function rowsToAsk(rows: readonly DatasetRow[], job: Pick<AskJob, "id" | "mode">): DatasetRow[] {
  return rows.filter(
    (row) => !answeredBy(row, job.id) && (job.mode === "all" || row.sample.answer.trim() === "" || row.asked?.job === job.id || unfinished(row)),
  );
}

/** A conversation some job answered only part of (then cancelled): its answer is a middle turn's, so it still counts as missing. */
function unfinished(row: DatasetRow): boolean {
  return row.asked?.turns !== undefined && row.asked.turns < userTurnCount(row.sample);
}

export function answeredBy(row: DatasetRow, jobId: string): boolean {
  const asked = row.asked;
  return asked?.job === jobId && asked.error === undefined && (asked.turns === undefined || asked.turns >= userTurnCount(row.sample));
}
