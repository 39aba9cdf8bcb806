import { closeSync, fdatasyncSync, fsyncSync, ftruncateSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { dirname } from "node:path";
import { z } from "zod";
import type { AnyMetricId } from "../engine/metrics/types";
import { type CallRecord, callRecordSchema } from "../engine/result";
import type { JournalEntry, RunJournal } from "../engine/run/journal";
import { checkMetricResult } from "../storage/format/report-check";
import { metricResultSchema } from "../storage/format/report-schema";
import { groupDatasync } from "./group-datasync";
import { RunError } from "./errors";
import { scrubbedJsonLine } from "./secrets";
import { describeChanges, type RunIdentity, runIdentitySchema } from "./run-identity";

/**
 * The CLI's run journal: append-only JSONL beside the report (report.json.journal). Line 1 names
 * the run (its fingerprint and, from version 2, what it was: input, metrics, models, prompts,
 * base URL); each further line is one finished (sample, repeat), or the requests one judge or
 * embedder call spent (so the report bills every request of the run, a killed process's
 * included). Every line is written synchronously and synced before the run goes on, with the
 * run's secrets replaced.
 *
 * Nothing read back is believed as written: each line is parsed with zod, each result must pass
 * the check the app runs on import (a score recomputes from its trace), a result that fails is
 * dropped (and scored again) with a warning naming it, and a damaged line is skipped: every good
 * line before and after it is kept, and the file is rewritten without it.
 */

export const JOURNAL_FORMAT = "ragas-playground/run-journal";

const headerSchema = z.union([
  z.object({ format: z.literal(JOURNAL_FORMAT), version: z.literal(1), fingerprint: z.string() }),
  z.object({
    format: z.literal(JOURNAL_FORMAT),
    version: z.literal(2),
    fingerprint: z.string(),
    run: runIdentitySchema,
    /** This run among runs with the same settings: its repeats' stored replies are keyed by it. */
    runId: z.string().min(1).optional(),
  }),
]);
const entrySchema = z.object({
  sampleId: z.string(),
  repeat: z.number().int().min(0),
  metrics: z.record(z.string(), metricResultSchema),
});
/**
 * Bounds no real request passes (the transport retries at most 20 times; no model reads or writes
 * ten million tokens in one call): a count beyond them is damage, and billing it would turn one
 * flipped digit into a bill of millions.
 */
const MAX_ATTEMPTS = 100;
const MAX_TOKENS = 10_000_000;
const tokenCount = z.number().int().min(0).max(MAX_TOKENS);
/** Only what usage and cost are computed from: the prompt texts stay in the results. */
const spentSchema = callRecordSchema
  .pick({ kind: true, promptId: true, model: true })
  .extend({ promptTokens: tokenCount, completionTokens: tokenCount, attempts: z.number().int().min(0).max(MAX_ATTEMPTS) });
const spendingSchema = z.object({ spent: z.array(spentSchema).min(1) });
/** A line is a `spent` line when it says so, else a finished (sample, repeat): its problem is then that kind's. */
const lineSchemaFor = (json: unknown) => (json && typeof json === "object" && "spent" in json ? spendingSchema : entrySchema);

export function journalPathFor(out: string): string {
  return `${out}.journal`;
}

export interface FileJournal extends RunJournal {
  /** Entries found on disk when opened (0 for a new journal). */
  readonly found: number;
  /** What reading the journal back found wrong, one line each (damage, results that failed the check). */
  readonly warnings: readonly string[];
  /** False for a version-1 journal, written before requests were journaled: it cannot bill the run. */
  readonly billsEveryRequest: boolean;
  /**
   * Names this run, not its settings (random, kept in the header, so the same across its resumes):
   * what keeps a repeated run's stored replies apart from another run's with the same settings.
   */
  readonly runId: string;
  /** The requests earlier processes of this run spent (from the journal). */
  readonly spentBefore: readonly CallRecord[];
  /** Journals requests as they complete (cache hits cost nothing and are not written). */
  spend(calls: readonly CallRecord[]): void;
  close(): void;
  /** Removes the file (the run finished and its report is written). */
  remove(): void;
}

export interface JournalRun {
  fingerprint: string;
  identity: RunIdentity;
}

/**
 * Opens the journal: with `resume`, an existing one is read (and must belong to this run); without,
 * an existing one is an error, so forgetting --resume never throws away a long run's progress.
 */
export function openFileJournal(
  path: string,
  run: JournalRun,
  resume: boolean,
  metricIds: readonly AnyMetricId[],
  options: { secrets?: readonly string[] } = {},
): FileJournal {
  const existing = readExisting(path);
  if (existing !== undefined && !resume) {
    throw new RunError(`${path} holds an unfinished run: add --resume to finish it, or delete the file to start over`);
  }
  const read = existing === undefined ? undefined : readJournal(existing, path, run, metricIds);
  let fd: number;
  try {
    // Damaged lines out first (never in place: a kill mid-rewrite must not lose the good lines).
    if (read?.rewrite !== undefined) replaceFile(path, read.rewrite);
    fd = openSync(path, existing === undefined ? "w" : "r+");
    // Cut off a torn tail so the next line starts clean after the last good one.
    if (read) ftruncateSync(fd, read.validBytes);
  } catch (error) {
    throw new RunError(`journal ${path}: cannot write (${(error as Error).message})`);
  }
  let position = read?.validBytes ?? 0;
  let open = true;
  const syncToDisk = groupDatasync(fd);
  const writeLine = (value: unknown) => {
    // A key the endpoint echoed into a reply sits in the results' traces: it never reaches the disk.
    const line = Buffer.from(`${scrubbedJsonLine(value, options.secrets ?? [])}\n`, "utf8");
    writeSync(fd, line, 0, line.length, position);
    position += line.length;
  };
  /** Written at once (a killed process loses nothing); on disk once the shared fdatasync returns. */
  const write = (value: unknown): Promise<void> => {
    if (!open) return Promise.resolve();
    writeLine(value);
    // A sync still running when the run closes the file fails with it: nothing is lost by that.
    return syncToDisk().catch((error: unknown) => {
      if (open) throw error;
    });
  };
  // A journal from before runId has none: its repeats' replies were never stored under one anyway.
  const runId = read?.runId ?? randomUUID();
  if (!read || read.validBytes === 0) {
    writeLine({ format: JOURNAL_FORMAT, version: 2, fingerprint: run.fingerprint, run: run.identity, runId });
    fdatasyncSync(fd);
  }
  const entries = read?.entries ?? [];
  return {
    found: entries.length,
    runId,
    warnings: read?.warnings ?? [],
    spentBefore: read?.spent ?? [],
    billsEveryRequest: (read?.version ?? 2) === 2,
    load: async () => [...entries],
    append: async (entry) => write(entry),
    spend(calls) {
      const spent = calls
        .filter((c) => !c.cached)
        .map(({ kind, promptId, model, promptTokens, completionTokens, attempts }) => ({
          kind,
          promptId,
          model,
          promptTokens,
          completionTokens,
          attempts,
        }));
      // Billing needs no wait: the line is written now, and the next sync (or close) covers it.
      if (spent.length > 0) void write({ spent }).catch(() => {});
    },
    close() {
      if (open) {
        // What `spend` wrote since the last shared sync goes to disk before the file is let go.
        fdatasyncSync(fd);
        closeSync(fd);
      }
      open = false;
    },
    remove() {
      this.close();
      rmSync(path, { force: true });
    },
  };
}

function readExisting(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new RunError(`journal ${path}: cannot read (${(error as Error).message})`);
  }
}

interface ReadJournal {
  /** The header's version (2 when the file was empty). */
  version: 1 | 2;
  entries: JournalEntry[];
  spent: CallRecord[];
  warnings: string[];
  /** Bytes of the good lines kept (the file is cut here before appending). */
  validBytes: number;
  /** From the header (absent in journals written before it was). */
  runId?: string;
  /** The good lines alone, when damaged lines must be taken out of the file. */
  rewrite?: string;
}

/**
 * Whole lines only: a last line without its newline is a torn write and is dropped quietly; a
 * damaged line anywhere else is reported and skipped. Every good line, before and after it, is
 * kept: a finished sample is not redone, and a `spent` line still bills its requests.
 */
function readJournal(text: string, path: string, run: JournalRun, metricIds: readonly AnyMetricId[]): ReadJournal {
  const end = text.lastIndexOf("\n") + 1;
  const lines = text.slice(0, end).split("\n").slice(0, -1);
  if (lines.length === 0) return { version: 2, entries: [], spent: [], warnings: [], validBytes: 0 };
  const header = headerSchema.safeParse(safeJson(lines[0]!));
  if (!header.success) {
    throw new RunError(`${path}:1: not a Ragas Playground run journal (or its first line is damaged): delete it to start over`);
  }
  if (header.data.fingerprint !== run.fingerprint) {
    const changes = header.data.version === 2 ? describeChanges(header.data.run, run.identity) : [];
    const what = changes.length > 0 ? changes.join("; ") : "the input, metrics, metric options, models, prompts, custom judges or base URL changed";
    throw new RunError(`${path} was written for another run: ${what}. Resume with the journal's settings, or delete it to start over`);
  }
  const entries: JournalEntry[] = [];
  const spent: CallRecord[] = [];
  const warnings: string[] = [];
  const kept = [lines[0]!];
  const damaged: { lineNo: number; problem: string }[] = [];
  for (const [i, line] of lines.slice(1).entries()) {
    const lineNo = i + 2;
    const json = safeJson(line);
    const parsed = lineSchemaFor(json).safeParse(json);
    if (!parsed.success) {
      damaged.push({ lineNo, problem: problemOf(line, parsed.error) });
      continue;
    }
    kept.push(line);
    if ("spent" in parsed.data) {
      spent.push(...parsed.data.spent.map((s) => ({ ...s, promptHash: "", ms: 0, cached: false })));
      continue;
    }
    entries.push(checkedEntry(parsed.data, `${path}:${lineNo}`, metricIds, warnings));
  }
  const keptText = kept.map((l) => `${l}\n`).join("");
  if (damaged.length > 0) warnings.unshift(damageWarning(path, damaged, kept.length));
  const runId = header.data.version === 2 ? header.data.runId : undefined;
  return {
    version: header.data.version,
    ...(runId !== undefined ? { runId } : {}),
    entries,
    spent,
    warnings,
    validBytes: Buffer.byteLength(keptText, "utf8"),
    ...(damaged.length > 0 ? { rewrite: keptText } : {}),
  };
}

/** `FILE is damaged at line 7 (not JSON): resume keeps the other 40 lines, ...` (line numbers as they were). */
function damageWarning(path: string, damaged: readonly { lineNo: number; problem: string }[], keptLines: number): string {
  const one = damaged.length === 1;
  const where = damaged.map((d) => `${d.lineNo} (${d.problem})`).join(", ");
  const numbers = damaged.map((d) => d.lineNo).join(", ");
  return (
    `${path} is damaged at line${one ? "" : "s"} ${where}: resume keeps the other ${keptLines} lines (finished samples and billed requests), ` +
    `removes line${one ? "" : "s"} ${numbers} from the file and redoes what ${one ? "it" : "they"} held, or delete the file to start over`
  );
}

/** Write-then-rename, each step synced: the journal on disk is always the old file or the whole new one. */
function replaceFile(path: string, text: string): void {
  const temp = `${path}.rewrite`;
  const fd = openSync(temp, "w");
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  // The rename itself is durable once the folder is synced (not possible on every platform).
  try {
    const dir = openSync(dirname(path), "r");
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    // Windows cannot open a folder: the rename is still atomic, just not yet synced.
  }
}

/** The entry without the results that fail the import check, each named in a warning. */
function checkedEntry(entry: JournalEntry, where: string, metricIds: readonly AnyMetricId[], warnings: string[]): JournalEntry {
  const metrics: JournalEntry["metrics"] = {};
  for (const [id, result] of Object.entries(entry.metrics)) {
    if (!(metricIds as readonly string[]).includes(id) || !result) continue;
    const problem = checkMetricResult(id, result);
    if (problem) {
      const at = problem.path.length ? `${problem.path.join(".")}: ` : "";
      warnings.push(
        `${where}: sample "${entry.sampleId}"${entry.repeat > 0 ? ` (run ${entry.repeat + 1})` : ""} ${id} fails the consistency check (${at}${problem.message}): dropped, it is scored again`,
      );
      continue;
    }
    metrics[id as AnyMetricId] = result;
  }
  return { ...entry, metrics };
}

function problemOf(line: string, error: z.ZodError): string {
  if (safeJson(line) === undefined) return "not JSON";
  const issue = error.issues[0];
  if (!issue) return "not a journal line";
  // A union's message says little; its deepest branch says what is wrong.
  const inner = issue.code === "invalid_union" ? issue.errors.flat()[0] : issue;
  const target = inner ?? issue;
  return `${target.path.length ? `${target.path.join(".")}: ` : ""}${target.message}`;
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
