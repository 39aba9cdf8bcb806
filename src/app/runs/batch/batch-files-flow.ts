import { batchRoundsFor, planBatchPass } from "../../../engine/run/batch-plan";
import { loadRunSamples } from "../../../storage/db/run-inputs";
import { getRun, loadRunResults, type RunMeta } from "../../../storage/db/runs";
import type { DownloadedBatchFile } from "../../../storage/db/batches";
import { appDb } from "../../shared/persist/db";
import { batchT } from "./messages";
import { pendingUnits } from "./pending-units";
import { type BatchPanelState, createBatchRun, finishBatchRun, loadBatchModules, runTransport, useBatch } from "./batch-run";
import type { RunForm } from "../run-actions";

/**
 * "Download batch file" / "Upload results": a run by batch for any server the page cannot reach
 * (or a self-hosted `vllm run-batch`). A round's requests go out as OpenAI batch input JSONL, each
 * distinct request once; the files handed out are kept with the run, so until every one of them
 * has its results a download gives the same round again (only the lines still unanswered), and
 * the run is "waiting for batch results (round 1 of 2, file 2 of 2: embeddings)", never
 * interrupted. The output JSONL comes back in and is kept in the batch database, so a reload
 * loses nothing. The same files as the CLI's --batch-files.
 */

async function openFilesRun(datasetId: string, form: RunForm): Promise<RunMeta | undefined> {
  const db = await appDb();
  const id = useBatch.getState().filesRunId;
  const known = db && id ? await getRun(db, id) : undefined;
  if (known && known.status === "running" && known.datasetId === datasetId) return known;
  return (await createBatchRun(datasetId, form, "files"))?.meta;
}

/** The files of the run's latest round that still lack a result for some line. */
function unanswered(files: readonly DownloadedBatchFile[], lines: ReadonlyMap<string, unknown>): { round: number; open: DownloadedBatchFile[] } {
  const round = Math.max(0, ...files.map((f) => f.round));
  return { round, open: files.filter((f) => f.round === round && f.lineIds.some((id) => !lines.has(id))) };
}

/** The run as it stands: what came back, the files handed out, and the pass over what is known. */
async function filesState(meta: RunMeta) {
  const db = await appDb();
  if (!db) return undefined;
  const [, , { openBatchDb, idbBatchState, downloadedBatchFiles }] = await loadBatchModules();
  const [{ replyBook }, { splitToFiles, OPENAI_LIMITS }, { distinctLines }] = await Promise.all([
    import("../../../llm/batch/reply-book"),
    import("../../../llm/batch/lines"),
    import("../../../llm/batch/distinct"),
  ]);
  const [{ samples }, { entries }] = await Promise.all([loadRunSamples(db, meta.id), loadRunResults(db, meta.id)]);
  const config = await runTransport(meta);
  const batchDb = await openBatchDb();
  const store = await idbBatchState(batchDb, meta.id);
  const book = replyBook(store.lines(), config);
  const pass = await planBatchPass(
    pendingUnits(samples, entries, meta.metrics),
    { prompts: meta.prompts, hasEmbedder: meta.embeddingModel.trim() !== "" },
    book,
  );
  const files = await downloadedBatchFiles(batchDb, meta.id);
  const known = book.used().size;
  return {
    batchDb,
    pass,
    files,
    ...unanswered(files, store.lines()),
    known,
    lines: store.lines(),
    // Results that answer no request of this run (another run's file): counted apart, never used.
    foreign: store.lines().size - known,
    nextChunks: () => splitToFiles(distinctLines(pass.pending, config), OPENAI_LIMITS),
  };
}

type FilesState = NonNullable<Awaited<ReturnType<typeof filesState>>>;

function save(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/jsonl" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What the run waits for, in the store (the runs list says it) and in words (the batch status says it). */
function waitingWords(meta: RunMeta, state: FilesState): string {
  const t = batchT();
  const rounds = Math.max(state.round, batchRoundsFor(meta.metrics));
  const files = state.open.map((f) => ({ index: f.index, of: f.of, kind: f.kind }));
  useBatch.setState({ filesWaiting: { runId: meta.id, round: state.round, rounds, files } });
  const where = files.length > 0 ? t.waitingStatus(state.round, rounds, files) : t.roundIn(state.round);
  return [where, t.resultsIn(state.known), ...(state.foreign > 0 ? [t.foreign(state.foreign)] : [])].join(t.gap);
}

/** The runs list's status word for the files run: the files it waits for, or its round being in. */
export function filesWords(t: ReturnType<typeof batchT>, waiting: BatchPanelState["filesWaiting"]): string {
  if (!waiting) return t.waitingShort(0, 0);
  return waiting.files.length > 0 ? t.waiting(waiting.round, waiting.rounds, waiting.files) : t.waitingShort(waiting.round, waiting.rounds);
}

/**
 * After a reload (once resumeBatchRuns found the open files run): its state in the runs list and
 * the batch status, from what is stored. A files run waits for the user's uploads, and a round
 * can take hours: it is said to be waiting, never "interrupted".
 */
export async function showFilesWaiting(): Promise<void> {
  const db = await appDb();
  const id = useBatch.getState().filesRunId;
  const meta = db && id ? await getRun(db, id) : undefined;
  if (!meta) return;
  const state = await filesState(meta);
  if (!state || state.files.length === 0) return;
  const message = waitingWords(meta, state);
  if (useBatch.getState().phase === "idle") useBatch.setState({ runId: meta.id, message });
}

async function finish(meta: RunMeta, state: FilesState, note: string): Promise<void> {
  await finishBatchRun(meta, state.pass.results, 0);
  useBatch.setState({ filesRunId: null, filesWaiting: null, runId: meta.id, phase: "finished", message: `${batchT().filesDone}${note}` });
}

export async function downloadBatchFiles(datasetId: string, form: RunForm): Promise<void> {
  const meta = await openFilesRun(datasetId, form);
  if (!meta) return;
  const state = await filesState(meta);
  if (!state) return;
  if (state.pass.pending.length === 0) return finish(meta, state, "");
  if (state.open.length > 0) {
    // The round is not in yet: the same files again, each with only its lines still unanswered.
    for (const file of state.open) save(file.name, unansweredText(file, state.lines));
  } else {
    const round = state.round + 1;
    const chunks = state.nextChunks();
    const perKind = new Map<string, number>();
    const files: DownloadedBatchFile[] = chunks.map((chunk, i) => {
      const kind = chunk.endpoint === "/v1/embeddings" ? ("embeddings" as const) : ("chat" as const);
      const part = (perKind.get(kind) ?? 0) + 1;
      perKind.set(kind, part);
      const name = `batch-${meta.id.slice(0, 8)}-round-${round}-${kind}-${part}.input.jsonl`;
      return { name, round, kind, index: i + 1, of: chunks.length, lineIds: chunk.lines.map((l) => l.custom_id), text: chunk.text };
    });
    // Kept before they are saved: a reload in between hands out the same round, not a new one.
    const [, , { recordBatchFiles }] = await loadBatchModules();
    await recordBatchFiles(state.batchDb, meta.id, files);
    for (const file of files) save(file.name, file.text);
    Object.assign(state, { round, open: files, files: [...state.files, ...files] });
  }
  useBatch.setState({ runId: meta.id, phase: "idle", message: waitingWords(meta, state) });
}

/** A handed-out file less the lines that already came back (the text's own lines, in its order). */
function unansweredText(file: DownloadedBatchFile, lines: ReadonlyMap<string, unknown>): string {
  const rest = file.text.split("\n").filter((l, i) => l.trim() !== "" && !lines.has(file.lineIds[i] ?? ""));
  return `${rest.join("\n")}\n`;
}

export async function uploadBatchResults(uploads: readonly File[]): Promise<void> {
  const t = batchT();
  const db = await appDb();
  const id = useBatch.getState().filesRunId;
  const meta = db && id ? await getRun(db, id) : undefined;
  const [, , { openBatchDb, idbBatchState, downloadedBatchFiles }] = await loadBatchModules();
  const batchDb = await openBatchDb();
  const store = meta ? await idbBatchState(batchDb, meta.id) : undefined;
  // Results come back for files handed out: with none waiting, say so rather than take them silently.
  if (!meta || !store || unanswered(await downloadedBatchFiles(batchDb, meta.id), store.lines()).open.length === 0) {
    useBatch.setState({ phase: "idle", message: t.nothingPending });
    return;
  }
  const { parseOutputFile } = await import("../../../llm/batch/lines");
  const problems: string[] = [];
  for (const [i, file] of uploads.entries()) {
    const parsed = parseOutputFile(await file.text());
    if (parsed.inputFile) {
      problems.push(t.inputFile(file.name));
      continue;
    }
    problems.push(...parsed.problems.slice(0, 3).map((p) => `${file.name}: ${p}`));
    await store.recordLines(`upload-${Date.now()}-${i}`, parsed.lines);
  }
  const state = await filesState(meta);
  if (!state) return;
  const note = problems.length > 0 ? `${t.gap}${t.filesProblems(problems.join("; "))}` : "";
  if (state.pass.pending.length === 0) return finish(meta, state, note);
  useBatch.setState({ runId: meta.id, phase: "idle", message: `${waitingWords(meta, state)}${note}` });
}
