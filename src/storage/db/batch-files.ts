import { z } from "zod";
import type { BatchDb } from "./batch-db";
import { withQuota } from "./quota";

/**
 * The download / upload flow's batch files, per run: kept when handed out, so a reload in
 * between hands out the same ones, and a file counts as answered once each of its lines has a
 * result.
 */

const batchFileRow = z.object({
  runKey: z.string(),
  name: z.string(),
  round: z.number().int().min(1),
  kind: z.enum(["chat", "embeddings"]),
  /** 1-based place among the round's files, and how many the round has. */
  index: z.number().int().min(1),
  of: z.number().int().min(1),
  /** The custom_ids of its lines: the file is answered once every one has a result. */
  lineIds: z.array(z.string()),
  /** The JSONL as downloaded, so a second download of the same round is the same file. */
  text: z.string(),
});

/** One batch file the download / upload flow handed out. */
export type DownloadedBatchFile = Omit<z.infer<typeof batchFileRow>, "runKey">;

/** Keeps a round's files (before they are saved: a reload in between downloads the same ones). */
export async function recordBatchFiles(db: BatchDb, runKey: string, files: readonly DownloadedBatchFile[]): Promise<void> {
  await withQuota(async () => {
    const tx = db.transaction("files", "readwrite");
    for (const file of files) await tx.store.put({ runKey, ...file });
    await tx.done;
  }, "the batch files handed out");
}

/** The files handed out for a run, in round and file order (rows that no longer parse are skipped). */
export async function downloadedBatchFiles(db: BatchDb, runKey: string): Promise<DownloadedBatchFile[]> {
  const files: DownloadedBatchFile[] = [];
  for (const raw of await db.getAllFromIndex("files", "runKey", runKey)) {
    const row = batchFileRow.safeParse(raw);
    if (!row.success) continue;
    const { runKey: _, ...file } = row.data;
    files.push(file);
  }
  return files.sort((a, b) => a.round - b.round || a.index - b.index);
}
