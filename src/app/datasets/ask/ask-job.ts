import type { DatasetRow } from "../../../storage/db/datasets";
import type { AskJob } from "../../../storage/db/ask-jobs";

/**
 * Which rows an "Ask your system" job asks: by its mode (rows without an answer, or all), minus
 * those it already answered (a resume after Pause or a reload asks the target nothing twice). A
 * row whose call failed is asked again on resume.
 */
export function rowsToAsk(rows: readonly DatasetRow[], job: Pick<AskJob, "id" | "mode">): DatasetRow[] {
  return rows.filter((row) => !answeredBy(row, job.id) && (job.mode === "all" || row.sample.answer.trim() === ""));
}

export function answeredBy(row: DatasetRow, jobId: string): boolean {
  return row.asked?.job === jobId && row.asked.error === undefined;
}
