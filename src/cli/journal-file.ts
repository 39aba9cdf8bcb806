import { type FileHandle, open, readFile, rm, truncate } from "node:fs/promises";
import { z } from "zod";
import type { JournalEntry, RunJournal } from "../engine/run/journal";
import { metricResultSchema } from "../storage/format/report-schema";
import { RunError } from "./errors";

/**
 * The CLI's run journal: append-only JSONL beside the report (report.json.journal). Line 1 names
 * the run (a fingerprint of samples, metrics, models and prompts), each further line is one
 * finished (sample, repeat), flushed to disk (fdatasync) before the run goes on. A kill -9 can
 * only tear the last line: it is ignored and cut off, so the next append starts on a clean line.
 */

export const JOURNAL_FORMAT = "ragas-playground/run-journal";

const headerSchema = z.object({ format: z.literal(JOURNAL_FORMAT), version: z.literal(1), fingerprint: z.string() });
const entrySchema = z.object({
  sampleId: z.string(),
  repeat: z.number().int().min(0),
  metrics: z.record(z.string(), metricResultSchema),
});

export function journalPathFor(out: string): string {
  return `${out}.journal`;
}

export interface FileJournal extends RunJournal {
  /** Entries found on disk when opened (0 for a new journal). */
  readonly found: number;
  close(): Promise<void>;
  /** Removes the file (the run finished and its report is written). */
  remove(): Promise<void>;
}

/**
 * Opens the journal: with `resume`, an existing one is read (and must belong to this run); without,
 * an existing one is an error, so forgetting --resume never throws away a long run's progress.
 */
export async function openFileJournal(path: string, fingerprint: string, resume: boolean): Promise<FileJournal> {
  const existing = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw new RunError(`journal ${path}: cannot read (${error.message})`);
  });
  if (existing !== undefined && !resume) {
    throw new RunError(`${path} holds an unfinished run: add --resume to finish it, or delete the file to start over`);
  }
  let entries: JournalEntry[] = [];
  let hasHeader = false;
  if (existing !== undefined) {
    const read = parseJournal(existing, path, fingerprint);
    entries = read.entries;
    hasHeader = read.validBytes > 0;
    // Cut off a torn last line so the next entry starts on a line of its own.
    if (read.validBytes < Buffer.byteLength(existing, "utf8")) await truncate(path, read.validBytes);
  }
  const handle: FileHandle = await open(path, "a");
  if (!hasHeader) await writeLine(handle, { format: JOURNAL_FORMAT, version: 1, fingerprint });
  let queue: Promise<void> = Promise.resolve();
  return {
    found: entries.length,
    load: async () => [...entries],
    // One write at a time, each synced before the next: the file is always whole lines.
    append: (entry) => {
      queue = queue.then(() => writeLine(handle, entry));
      return queue;
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

/** Whole lines only; a last line without its newline is a torn write and does not count. */
function parseJournal(text: string, path: string, fingerprint: string): { entries: JournalEntry[]; validBytes: number } {
  const end = text.lastIndexOf("\n") + 1;
  const lines = text.slice(0, end).split("\n").slice(0, -1);
  if (lines.length === 0) return { entries: [], validBytes: 0 };
  const header = headerSchema.safeParse(safeJson(lines[0]!));
  if (!header.success) throw new RunError(`${path}:1: not a Ragas Playground run journal`);
  if (header.data.fingerprint !== fingerprint) {
    throw new RunError(`${path} belongs to a different run (the input, metrics, models or prompts changed): delete it to start over`);
  }
  const entries = lines.slice(1).map((line, i) => {
    const parsed = entrySchema.safeParse(safeJson(line));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new RunError(`${path}:${i + 2}: ${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}`);
    }
    return parsed.data as JournalEntry;
  });
  return { entries, validBytes: Buffer.byteLength(text.slice(0, end), "utf8") };
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
