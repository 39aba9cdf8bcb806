import { z } from "zod";
import type { Sample } from "../../engine/sample";
import { DATASET_ROW_DOC, type DatasetRow, type RowAsked } from "./datasets";
import type { AppDb } from "./db";
import { checkedDoc, docType, readDoc, type StorageIssue } from "./doc";
import { withQuota } from "./quota";
import { inTx } from "./tx";

/**
 * "Ask your system" jobs (issue 29). A job is one small document in the `settings` store per
 * dataset (`askJob:<datasetId>`): which rows it asks, and whether it was paused. Each answered row
 * is ONE write of its dataset row (the new sample plus `asked`), so a reload loses nothing: on
 * resume, the job asks the rows it chose that do not yet carry its id.
 */

const jobSchema = z.object({
  id: z.string().min(1),
  datasetId: z.string().min(1),
  /** "missing": rows without an answer; "all": every row, answered or not. */
  mode: z.enum(["missing", "all"]),
  status: z.enum(["running", "paused"]),
  startedAt: z.number().finite(),
  /** Where the answers come from, without secrets (shown on the interrupted job's line). */
  url: z.string(),
});

export type AskJob = z.infer<typeof jobSchema>;

const JOB_DOC = docType("ask job", 1, jobSchema);

const jobKey = (datasetId: string) => `askJob:${datasetId}`;

export async function saveAskJob(db: AppDb, job: AskJob): Promise<void> {
  await withQuota(() => db.put("settings", checkedDoc(JOB_DOC, job), jobKey(job.datasetId)));
}

/** The dataset's unfinished job, if any (a job that cannot be read is reported and forgotten). */
export async function loadAskJob(db: AppDb, datasetId: string): Promise<{ job: AskJob | undefined; issues: StorageIssue[] }> {
  const raw = await db.get("settings", jobKey(datasetId));
  if (raw === undefined) return { job: undefined, issues: [] };
  const read = readDoc(JOB_DOC, raw);
  if (read.ok) return { job: read.value, issues: [] };
  await db.delete("settings", jobKey(datasetId));
  return { job: undefined, issues: [{ store: "settings", key: jobKey(datasetId), message: `${read.message}; it was dropped` }] };
}

export async function deleteAskJob(db: AppDb, datasetId: string): Promise<void> {
  await db.delete("settings", jobKey(datasetId));
}

/**
 * One answered (or failed) row, one write: the row's sample replaced when the call succeeded,
 * `asked` recorded either way. False when the row was deleted meanwhile (nothing is written).
 */
export async function recordAsked(db: AppDb, datasetId: string, position: number, sample: Sample | undefined, asked: RowAsked): Promise<DatasetRow | false> {
  const tx = db.transaction("datasetRows", "readwrite");
  return withQuota(() =>
    inTx(tx, async () => {
      const read = readDoc(DATASET_ROW_DOC, await tx.store.get([datasetId, position]));
      if (!read.ok) return false;
      const row: DatasetRow = { ...read.value, sample: sample ? { ...sample, id: read.value.sample.id } : read.value.sample, asked };
      await tx.store.put(checkedDoc(DATASET_ROW_DOC, row));
      return row;
    }),
  );
}
