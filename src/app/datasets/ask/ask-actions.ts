import { askEach } from "../../../engine/target/answer-all";
import { isTargetFailed, type TargetOutcome, targetStamp } from "../../../engine/target/outcome";
import { sanitizeUrl } from "../../../engine/text/url-secrets";
import { type AskJob, deleteAskJob, loadAskJob, recordAsked, saveAskJob } from "../../../storage/db/ask-jobs";
import { type DatasetRow, loadDatasetRows } from "../../../storage/db/datasets";
import { newId } from "../../../storage/db/ids";
import { answersChanged } from "../../shared/handoffs/dataset-answers";
import { withLockIfFree } from "../../shared/locks/run-locks";
import { appDb } from "../../shared/persist/db";
import { useDatasets } from "../store";
import { askRowConversation, isConversationRow, type RowConversation, withAnswers } from "./ask-conversation";
import { answeredBy, rowsToAsk } from "./ask-job";
import { type AskPhase, addAskLine, idleAsk, useAsk } from "./ask-state";
import { diagnoseNoAnswer } from "./cors-diagnosis";
import { askT } from "./messages";
import { buildTarget, noHttpAnswer } from "./target-call";
import { saveTargetNow, useTarget } from "./target-store";

/**
 * "Ask your system" on a dataset: the job's life (start, Pause, Resume, Cancel, a reload) over the
 * target core's answerAll. One tab at a time asks for a dataset (a Web Lock, as runs do); each
 * outcome is one IndexedDB write of its row before the next one lands, so a reload loses only the
 * calls in flight, and Resume asks exactly the rows the job has not answered. Pause lets the calls
 * in flight finish (their answers are kept); Cancel aborts them.
 */

export interface AskOptions {
  concurrency: number;
  timeoutSeconds: number;
  retries: number;
}

const LOCK_PREFIX = "ragas-playground:ask:";

let live: { datasetId: string; controller: AbortController; stopAs: "pause" | "cancel" | null } | null = null;

const origin = () => (globalThis as { location?: { origin?: string } }).location?.origin ?? "";

/** The panel opened on a dataset: what its stored job (if any) says, unless this tab runs it. */
export async function refreshAsk(datasetId: string): Promise<void> {
  if (live?.datasetId === datasetId) return;
  const current = useAsk.getState();
  if (current.datasetId !== datasetId) useAsk.setState(idleAsk(datasetId));
  const db = await appDb();
  if (!db) return;
  const { job } = await loadAskJob(db, datasetId);
  if (!job) return;
  const free = await withLockIfFree(LOCK_PREFIX + datasetId, async () => true);
  const phase: AskPhase = !free.ran ? "busy" : job.status === "paused" ? "paused" : "interrupted";
  const { rows } = await loadDatasetRows(db, datasetId);
  if (useAsk.getState().datasetId === datasetId && live?.datasetId !== datasetId) useAsk.setState({ ...tallyOf(rows, job), phase });
}

function tallyOf(rows: readonly DatasetRow[], job: AskJob) {
  const done = rows.filter((row) => answeredBy(row, job.id));
  const todo = rowsToAsk(rows, job);
  return { total: done.length + todo.length, answered: done.length, failed: 0, latencies: done.map((row) => row.asked?.ms ?? 0) };
}

export async function startAsk(datasetId: string, mode: AskJob["mode"], options: AskOptions): Promise<void> {
  if (live) return;
  const job: AskJob = { id: newId(), datasetId, mode, status: "running", startedAt: Date.now(), url: sanitizeUrl(useTarget.getState().draft.url.trim()) };
  useAsk.setState({ ...idleAsk(datasetId) });
  await runJob(job, options);
}

export async function resumeAsk(datasetId: string, options: AskOptions): Promise<void> {
  if (live) return;
  const db = await appDb();
  const job = db ? (await loadAskJob(db, datasetId)).job : undefined;
  if (!job) return useAsk.setState(idleAsk(datasetId));
  await runJob({ ...job, status: "running" }, options);
}

/** Pause: no new call starts; those in flight finish and are written (answerAll's mayStart). */
export function pauseAsk(): void {
  if (live && live.stopAs === null) live.stopAs = "pause";
}

/** Cancel: stops asking and forgets the job; the rows answered so far keep their answers. */
export async function cancelAsk(datasetId: string): Promise<void> {
  if (live) {
    live.stopAs = "cancel";
    live.controller.abort(new Error("cancelled by the user"));
    return;
  }
  const db = await appDb();
  if (db) await deleteAskJob(db, datasetId);
  useAsk.setState({ phase: "cancelled" });
}

async function runJob(job: AskJob, options: AskOptions): Promise<void> {
  const t = askT();
  const built = buildTarget(useTarget.getState().draft, { timeoutMs: Math.round(options.timeoutSeconds * 1000), retries: options.retries });
  if (!built.ok) return useAsk.setState({ problem: built.field === "body" ? t.badBody(built.problem) : t.badTarget(built.problem) });
  await saveTargetNow();
  const db = await appDb();
  if (!db) return;
  const held = await withLockIfFree(LOCK_PREFIX + job.datasetId, async () => {
    const { rows } = await loadDatasetRows(db, job.datasetId);
    const todo = rowsToAsk(rows, job);
    useAsk.setState({
      ...tallyOf(rows, job),
      datasetId: job.datasetId,
      phase: todo.length === 0 ? "done" : "running",
      problem: null,
      diagnosis: null,
      recent: [],
    });
    if (todo.length === 0) return deleteAskJob(db, job.datasetId);
    await saveAskJob(db, job);
    const controller = new AbortController();
    live = { datasetId: job.datasetId, controller, stopAs: null };
    const numbers = new Map(rows.map((row, i) => [row.position, i + 1]));
    let diagnosing = false;
    const conversations = new Map<number, RowConversation>();
    const ask = async (row: DatasetRow, signal?: AbortSignal): Promise<TargetOutcome> => {
      if (!isConversationRow(row)) return built.client.ask({ question: row.sample.question }, signal);
      const asked = await askRowConversation(row, {
        client: built.client,
        jobId: job.id,
        ...(signal ? { signal } : {}),
        mayContinue: () => live?.stopAs === null,
        keepTurn: async (sample, outcome, turns) => {
          const written = await recordAsked(db, job.datasetId, row.position, sample, { ...askedOf(job, built.method, outcome), turns });
          if (written) showRow(written);
          answersChanged(job.datasetId);
        },
      });
      conversations.set(row.position, asked);
      return asked.outcome;
    };
    const record = async (row: DatasetRow, outcome: TargetOutcome) => {
      const conversation = conversations.get(row.position);
      // Stopped between turns: the turns answered are written already; the job goes on from there.
      if (conversation?.stopped) return;
      const sample = conversation ? conversationSample(row, outcome, conversation, job.url) : answeredSample(row, outcome, job.url);
      const asked = { ...askedOf(job, built.method, outcome), ...(conversation ? { turns: conversation.turns } : {}) };
      const written = await recordAsked(db, job.datasetId, row.position, sample, asked);
      if (written) showRow(written);
      answersChanged(job.datasetId);
      useAsk.setState((s) => addAskLine(s, lineOf(row, outcome, numbers.get(row.position) ?? 0)));
      // No HTTP answer: every other row would fail the same way. Stop, and say why in words.
      if (noHttpAnswer(outcome) && !diagnosing) {
        diagnosing = true;
        pauseAsk();
        const diagnosis = await diagnoseNoAnswer({ url: built.url, method: built.method, headerNames: built.headerNames, origin: origin() }, t);
        useAsk.setState({ diagnosis });
      }
    };
    try {
      await askEach(todo, ask, {
        concurrency: options.concurrency,
        signal: controller.signal,
        mayStart: () => live?.stopAs !== "pause",
        onOutcome: record,
      });
    } finally {
      const stopAs = live?.stopAs ?? null;
      live = null;
      if (stopAs === "pause") await saveAskJob(db, { ...job, status: "paused" });
      else await deleteAskJob(db, job.datasetId);
      useAsk.setState({ phase: stopAs === "pause" ? "paused" : stopAs === "cancel" ? "cancelled" : "done" });
    }
  });
  if (!held.ran) useAsk.setState({ datasetId: job.datasetId, phase: "busy" });
}

/** The row's sample with what the target answered; undefined when the call failed (the row keeps its own). */
function answeredSample(row: DatasetRow, outcome: TargetOutcome, url: string): DatasetRow["sample"] | undefined {
  if (isTargetFailed(outcome)) return undefined;
  // Where the answer came from (contract 13), kept once the sample schema carries it.
  return { ...withAnswers(row.sample, outcome), ...{ target: { url, ...targetStamp(outcome) } } };
}

/** A conversation row once asked: its turns as the system answered them; a failed turn keeps the row as its last answered turn left it. */
function conversationSample(row: DatasetRow, outcome: TargetOutcome, conversation: RowConversation, url: string): DatasetRow["sample"] | undefined {
  if (isTargetFailed(outcome)) return undefined;
  return { ...withAnswers(row.sample, outcome, conversation.asked.messages), ...{ target: { url, ...targetStamp(outcome) } } };
}

function askedOf(job: AskJob, method: string, outcome: TargetOutcome) {
  const base = { job: job.id, at: Date.now(), ms: Math.round(outcome.ms), url: job.url, method, attempts: outcome.attempts };
  const status = outcome.status === undefined ? {} : { status: outcome.status };
  return isTargetFailed(outcome) ? { ...base, ...status, error: outcome.error.message } : { ...base, ...status };
}

function lineOf(row: DatasetRow, outcome: TargetOutcome, number: number) {
  const base = { position: row.position, number, question: row.sample.question, ms: Math.round(outcome.ms) };
  const status = outcome.status === undefined ? {} : { status: outcome.status };
  return isTargetFailed(outcome) ? { ...base, ...status, error: outcome.error.message } : { ...base, ...status };
}

/** The open dataset's table shows the new answer at once. */
function showRow(row: DatasetRow): void {
  const { selectedId } = useDatasets.getState();
  if (selectedId !== row.datasetId) return;
  useDatasets.setState((s) => ({ rows: s.rows.map((r) => (r.position === row.position ? row : r)) }));
}
