import { type FileHandle, open, readFile, rm, truncate } from "node:fs/promises";
import { z } from "zod";
import { type BatchOutputLine, type BatchStateStore, outputLineSchema, type SubmittedBatch, submittedBatchSchema } from "../engine/run/batch-records";
import { RunError } from "./errors";
import { writeTextFileAtomic } from "./files";

/**
 * A batch run's state beside the report (report.json.batch), written the way the run journal is
 * (journal-file.ts): append-only JSONL, each line synced before the run goes on, a torn last line
 * cut off. Line 1 names the run; then "submitted" lines (a batch and its input file) and "lines"
 * lines (what a batch brought back). The round plan is not stored: it is recomputed from the
 * results, since custom_ids are deterministic.
 */

const BATCH_STATE_FORMAT = "ragas-playground/batch-state";

const headerSchema = z.object({ format: z.literal(BATCH_STATE_FORMAT), version: z.literal(1), fingerprint: z.string() });
/** A submitted batch: the same schema the browser's batch database parses its rows with. */
const submittedSchema = submittedBatchSchema.extend({ kind: z.literal("submitted") });
const linesSchema = z.object({ kind: z.literal("lines"), batchId: z.string(), lines: z.array(outputLineSchema) });
/** A batch the provider answered 404 for: off the record, so the next run submits its requests again. */
const lostSchema = z.object({ kind: z.literal("lost"), batchId: z.string() });
const recordSchema = z.discriminatedUnion("kind", [submittedSchema, linesSchema, lostSchema]);

export function batchStatePathFor(out: string): string {
  return `${out}.batch`;
}

export interface FileBatchState extends BatchStateStore {
  /** Whether a state file was found (an earlier process submitted batches). */
  readonly resumed: boolean;
  /** Damaged lines skipped on reading, each named by file and line. */
  readonly warnings: readonly string[];
  close(): Promise<void>;
  remove(): Promise<void>;
}

export async function openBatchState(path: string, fingerprint: string, resume: boolean): Promise<FileBatchState> {
  const existing = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw new RunError(`batch state ${path}: cannot read (${error.message})`);
  });
  if (existing !== undefined && !resume) {
    throw new RunError(`${path} holds batches of an unfinished run: add --resume to poll them and finish, or delete the file to start over`);
  }
  let submitted: SubmittedBatch[] = [];
  const lines = new Map<string, BatchOutputLine>();
  const finished = new Set<string>();
  const warnings: string[] = [];
  let validBytes = 0;
  if (existing !== undefined) {
    const end = existing.lastIndexOf("\n") + 1;
    const rows = existing.slice(0, end).split("\n").slice(0, -1);
    if (rows.length > 0) {
      const header = headerSchema.safeParse(safeJson(rows[0]!));
      if (!header.success) throw new RunError(`${path}:1: not a Ragas Playground batch state file`);
      if (header.data.fingerprint !== fingerprint) {
        throw new RunError(`${path} belongs to a different run (the input, metrics, models or prompts changed): delete it to start over`);
      }
    }
    // A damaged line is skipped and named, as the run journal does: what it held is asked of the
    // provider again (a batch by its metadata, results by polling the batch once more).
    const kept = rows.slice(0, 1);
    rows.slice(1).forEach((row, i) => {
      const json = safeJson(row);
      const parsed = recordSchema.safeParse(json);
      if (!parsed.success) {
        const why =
          json === undefined
            ? "not JSON"
            : `${parsed.error.issues[0]?.path.join(".") || "record"}: ${parsed.error.issues[0]?.message ?? "not a batch state record"}`;
        warnings.push(`${path}:${i + 2} is damaged (${why}): skipped; what it held is asked of the provider again`);
        return;
      }
      kept.push(row);
      const record = parsed.data;
      if (record.kind === "submitted") {
        const { kind: _, ...batch } = record;
        submitted.push(batch);
      } else if (record.kind === "lost") {
        submitted = submitted.filter((b) => b.batchId !== record.batchId);
      } else {
        for (const line of record.lines) lines.set(line.custom_id, line);
        finished.add(record.batchId);
      }
    });
    const keptText = kept.map((row) => `${row}\n`).join("");
    validBytes = Buffer.byteLength(keptText, "utf8");
    // Damaged lines out of the file (written whole, then renamed), so the next resume is not warned again.
    if (kept.length < rows.length) await writeTextFileAtomic(path, keptText);
    else if (validBytes < Buffer.byteLength(existing, "utf8")) await truncate(path, validBytes);
  }
  const handle: FileHandle = await open(path, "a");
  if (validBytes === 0) await writeLine(handle, { format: BATCH_STATE_FORMAT, version: 1, fingerprint });
  let queue: Promise<void> = Promise.resolve();
  const append = (value: unknown) => {
    queue = queue.then(() => writeLine(handle, value));
    return queue;
  };
  return {
    resumed: existing !== undefined,
    warnings,
    submitted: () => submitted,
    forget: async (batchId) => {
      await append({ kind: "lost", batchId });
      submitted = submitted.filter((b) => b.batchId !== batchId);
    },
    lines: () => lines,
    finished: () => finished,
    recordSubmitted: async (batch) => {
      await append({ kind: "submitted", ...batch });
      submitted.push(batch);
    },
    recordLines: async (batchId, more) => {
      await append({ kind: "lines", batchId, lines: more });
      for (const line of more) lines.set(line.custom_id, line);
      finished.add(batchId);
    },
    close: () => handle.close(),
    remove: async () => {
      await handle.close().catch(() => undefined);
      await rm(path, { force: true });
    },
  };
}

async function writeLine(handle: FileHandle, value: unknown): Promise<void> {
  await handle.write(`${JSON.stringify(value)}\n`);
  await handle.datasync();
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
