import { planBatchPass } from "../../../engine/run/batch-plan";
import { loadRunSamples } from "../../../storage/db/run-inputs";
import { getRun, loadRunResults, type RunMeta } from "../../../storage/db/runs";
import { appDb } from "../../shared/persist/db";
import { batchT } from "./messages";
import { pendingUnits } from "./pending-units";
import { createBatchRun, finishBatchRun, loadBatchModules, runTransport, useBatch } from "./batch-run";
import type { RunForm } from "../run-actions";

/**
 * "Download batch file" / "Upload results": a run by batch for any server the page cannot reach
 * (or a self-hosted `vllm run-batch`). The round's requests go out as OpenAI batch input JSONL;
 * the output JSONL comes back in and is kept in the batch database with the run, so the next
 * download is the next round, and a reload loses nothing. The same files as the CLI's --batch-files.
 */

async function openFilesRun(datasetId: string, form: RunForm): Promise<RunMeta | undefined> {
  const db = await appDb();
  const id = useBatch.getState().filesRunId;
  const known = db && id ? await getRun(db, id) : undefined;
  if (known && known.status === "running" && known.datasetId === datasetId) return known;
  return (await createBatchRun(datasetId, form, "files"))?.meta;
}

/** The run's next round as it stands: its input files, or the finished results. */
async function roundOf(meta: RunMeta) {
  const db = await appDb();
  if (!db) return undefined;
  const [, , { openBatchDb, idbBatchState }] = await loadBatchModules();
  const [{ replyBook }, { inputLine, splitToFiles, OPENAI_LIMITS }] = await Promise.all([
    import("../../../llm/batch/reply-book"),
    import("../../../llm/batch/lines"),
  ]);
  const [{ samples }, { entries }] = await Promise.all([loadRunSamples(db, meta.id), loadRunResults(db, meta.id)]);
  const units = pendingUnits(samples, entries, meta.metrics);
  const config = await runTransport(meta);
  const store = await idbBatchState(await openBatchDb(), meta.id);
  const pass = await planBatchPass(units, { prompts: meta.prompts, hasEmbedder: meta.embeddingModel.trim() !== "" }, replyBook(store.lines(), config));
  const chunks = splitToFiles(
    pass.pending.map((call) => inputLine(call, config)),
    OPENAI_LIMITS,
  );
  return { pass, chunks, store, known: store.lines().size };
}

function save(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/jsonl" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadBatchFiles(datasetId: string, form: RunForm): Promise<void> {
  const t = batchT();
  const meta = await openFilesRun(datasetId, form);
  if (!meta) return;
  const round = await roundOf(meta);
  if (!round) return;
  if (round.chunks.length === 0) {
    await finishBatchRun(meta, round.pass.results, 0);
    useBatch.setState({ filesRunId: null, phase: "finished", message: t.filesDone });
    return;
  }
  const parts = new Map<string, number>();
  for (const chunk of round.chunks) {
    const kind = chunk.endpoint === "/v1/embeddings" ? "embeddings" : "chat";
    const part = (parts.get(kind) ?? 0) + 1;
    parts.set(kind, part);
    save(`batch-${meta.id.slice(0, 8)}-${round.known}-${kind}-${part}.input.jsonl`, chunk.text);
  }
  useBatch.setState({ runId: meta.id, phase: "idle", message: t.filesRound(round.chunks.length, round.known) });
}

export async function uploadBatchResults(files: readonly File[]): Promise<void> {
  const t = batchT();
  const db = await appDb();
  const id = useBatch.getState().filesRunId;
  const meta = db && id ? await getRun(db, id) : undefined;
  if (!meta) return;
  const { parseOutputFile } = await import("../../../llm/batch/lines");
  const [, , { openBatchDb, idbBatchState }] = await loadBatchModules();
  const store = await idbBatchState(await openBatchDb(), meta.id);
  const problems: string[] = [];
  for (const [i, file] of files.entries()) {
    const parsed = parseOutputFile(await file.text());
    problems.push(...parsed.problems.slice(0, 3).map((p) => `${file.name}: ${p}`));
    await store.recordLines(`upload-${Date.now()}-${i}`, parsed.lines);
  }
  const round = await roundOf(meta);
  if (!round) return;
  const note = problems.length > 0 ? ` ${t.filesProblems(problems.join("; "))}` : "";
  if (round.chunks.length === 0) {
    await finishBatchRun(meta, round.pass.results, 0);
    useBatch.setState({ filesRunId: null, runId: meta.id, phase: "finished", message: `${t.filesDone}${note}` });
    return;
  }
  useBatch.setState({ runId: meta.id, phase: "idle", message: `${t.filesRound(round.chunks.length, round.known)}${note}` });
}
