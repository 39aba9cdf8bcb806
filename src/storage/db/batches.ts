/**
 * The batch database and its repositories, as one module: the page loads them lazily and
 * together, only once a run goes by batch (src/app/runs/batch/batch-run.ts, loadBatchModules).
 */
export { openBatchDb, type BatchDb } from "./batch-db";
export { idbBatchState, markBatchRun, batchRunKeys, forgetBatchRun, type BatchRunMode } from "./batch-state";
export { recordBatchFiles, downloadedBatchFiles, type DownloadedBatchFile } from "./batch-files";
