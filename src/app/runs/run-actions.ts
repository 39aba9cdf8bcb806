import {
  collectRun,
  METRICS,
  needsNoModel,
  type MetricId,
  type AnyMetricId,
  isCustomId,
  type PromptOverrides,
  type RunDatasetHooks,
  retryFailed,
  runDataset,
  type Sample,
} from "../../engine";
import { loadDatasetSamples } from "../../storage/db/datasets";
import { newId } from "../../storage/db/ids";
import { deleteRun, getRun, idbJournal, listRuns, loadRunResults, type RunMeta, saveRun } from "../../storage/db/runs";
import { buildReport, promptsUsed } from "../../storage/format/report-build";
import type { Report } from "../../storage/format/report-schema";
import { appDb } from "../shared/persist/db";
import { realPorts } from "../shared/ports/judge-ports";
import { keyMissing } from "../shared/ports/transport";
import { useApp } from "../shared/store";
import { activePromptOverrides } from "../shared/ports/prompt-overrides";
import { runsT } from "./messages";
import { recordEntry, resetEntries, useRuns } from "./run-state";
import { generatorStamp } from "../../storage/format/generator";

/**
 * Starting, pausing, resuming, cancelling and retrying a dataset run. Every path goes through the
 * engine's runDataset over the runResults store, so a reload at any moment loses only what was
 * in flight; Pause and Cancel both stop the requests (Pause leaves the run to be resumed).
 */

let controller: AbortController | null = null;

const prices = () => useApp.getState().settings.prices;
/** A run of metrics that need no judge (bleu, rouge_l, ...) makes no request: it needs no key. */
const keyless = (metrics: readonly AnyMetricId[]) => metrics.every((id) => !isCustomId(id) && needsNoModel(METRICS[id]));
const notice = (text: string | null) => useRuns.setState({ notice: text });

export async function loadRuns(datasetId: string): Promise<void> {
  useRuns.setState({ datasetId });
  const db = await appDb();
  if (!db) return;
  const { runs } = await listRuns(db, datasetId);
  for (const run of runs) resetEntries(run.id, (await loadRunResults(db, run.id)).entries, prices());
  const s = useRuns.getState();
  useRuns.setState({ runs, selectedId: s.selectedId && runs.some((r) => r.id === s.selectedId) ? s.selectedId : (runs[0]?.id ?? null) });
}

export interface RunForm {
  metrics: MetricId[];
  repeat: number;
  concurrency: number;
  /** The prompt versions chosen in the form; the studio's active ones when absent. */
  prompts?: PromptOverrides;
  /** The judge and embedding models for this run; Settings' when absent. */
  model?: string;
  embeddingModel?: string;
}

export async function startRun(datasetId: string, form: RunForm): Promise<void> {
  const t = runsT();
  const { settings, apiKey } = useApp.getState();
  if (useRuns.getState().live) return;
  if (form.metrics.length === 0) return notice(t.nothingSelected);
  if (!keyless(form.metrics) && keyMissing(settings, apiKey)) return notice(t.needKey);
  const db = await appDb();
  if (!db) return;
  const { samples } = await loadDatasetSamples(db, datasetId);
  if (samples.length === 0) return notice(t.emptyDataset);
  const now = Date.now();
  const meta: RunMeta = {
    id: newId(),
    datasetId,
    name: new Date(now).toLocaleString(),
    createdAt: now,
    updatedAt: now,
    status: "running",
    metrics: form.metrics,
    repeat: form.repeat,
    concurrency: form.concurrency,
    sampleCount: samples.length,
    model: form.model?.trim() || settings.model,
    embeddingModel: form.embeddingModel?.trim() ?? settings.embeddingModel,
    baseURL: settings.baseURL,
    prompts: form.prompts ?? (await activePromptOverrides()),
    activeMs: 0,
  };
  await saveRun(db, meta);
  resetEntries(meta.id, [], prices());
  useRuns.setState((s) => ({ runs: [meta, ...s.runs], selectedId: meta.id }));
  await execute(meta, samples);
}

export async function resumeRun(runId: string, redo?: RunDatasetHooks["redo"]): Promise<void> {
  if (useRuns.getState().live) return;
  const t = runsT();
  const { settings, apiKey } = useApp.getState();
  const db = await appDb();
  const meta = db ? await getRun(db, runId) : undefined;
  if (!db || !meta) return;
  if (!keyless(meta.metrics)) {
    if (keyMissing(settings, apiKey)) return notice(t.needKey);
    // The key in memory belongs to Settings' endpoint: finishing a run against another one would mix
    // two endpoints' answers in one run.
    if (settings.baseURL.trim() !== meta.baseURL.trim()) return notice(t.otherEndpoint(meta.baseURL));
  }
  const { samples } = await loadDatasetSamples(db, meta.datasetId);
  await execute({ ...meta, status: "running" }, samples, redo);
}

export const retryFailedRun = (runId: string) => resumeRun(runId, retryFailed);

export function pauseRun(): void {
  stop("pause");
}

export function cancelRun(): void {
  stop("cancel");
}

function stop(how: "pause" | "cancel"): void {
  const live = useRuns.getState().live;
  if (!live || !controller) return;
  useRuns.setState({ live: { ...live, stopping: how } });
  controller.abort(new Error(how === "pause" ? "paused" : "cancelled by the user"));
}

export async function removeRun(runId: string): Promise<void> {
  if (useRuns.getState().live?.runId === runId) return;
  const db = await appDb();
  if (!db) return;
  await deleteRun(db, runId);
  useRuns.setState((s) => ({ runs: s.runs.filter((r) => r.id !== runId), selectedId: s.selectedId === runId ? null : s.selectedId }));
}

async function execute(meta: RunMeta, samples: readonly Sample[], redo?: RunDatasetHooks["redo"]): Promise<void> {
  const db = await appDb();
  if (!db) return;
  const abort = new AbortController();
  controller = abort;
  const journal = idbJournal(db, meta.id);
  const existing = await journal.load();
  resetEntries(meta.id, existing, prices());
  const startedAt = Date.now();
  useRuns.setState({ live: { runId: meta.id, startedAt, finishedAtStart: existing.length, stopping: null }, notice: null });
  await persist({ ...meta, status: "running", updatedAt: startedAt });
  let status: RunMeta["status"] = "paused";
  try {
    // Repeats must reach the judge each time: a cached reply would make every repeat identical.
    const ports = keyless(meta.metrics)
      ? { judge: undefined, embedder: undefined }
      : await realPorts(useApp.getState().bypassCache || meta.repeat > 1, { model: meta.model, embeddingModel: meta.embeddingModel });
    await runDataset(
      samples,
      meta.metrics,
      { judge: ports.judge, embedder: ports.embedder, concurrency: meta.concurrency, prompts: meta.prompts, repeat: meta.repeat },
      journal,
      {
        signal: abort.signal,
        ...(redo ? { redo } : {}),
        onEntry: (entry) => recordEntry(meta.id, entry, prices()),
      },
    );
    const stopping = useRuns.getState().live?.stopping;
    status = abort.signal.aborted ? (stopping === "cancel" ? "cancelled" : "paused") : "done";
  } catch (error) {
    notice(runsT().failed(error instanceof Error ? error.message : String(error)));
  } finally {
    if (controller === abort) controller = null;
    const finishedAt = Date.now();
    const latest = (await getRun(db, meta.id)) ?? meta;
    await persist({ ...latest, status, updatedAt: finishedAt, activeMs: latest.activeMs + (finishedAt - startedAt) });
    useRuns.setState((s) => ({ live: null, version: s.version + 1 }));
  }
}

async function persist(meta: RunMeta): Promise<void> {
  const db = await appDb();
  if (db) await saveRun(db, meta);
  useRuns.setState((s) => ({ runs: s.runs.map((r) => (r.id === meta.id ? meta : r)) }));
}

/** A stored run as a report (contract 5, v2 with repeats), for ResultsExplorer and ReportCompare. */
export async function runReport(runId: string): Promise<Report | null> {
  const db = await appDb();
  const meta = db ? await getRun(db, runId) : undefined;
  if (!db || !meta) return null;
  const [{ samples }, { entries }] = await Promise.all([loadDatasetSamples(db, meta.datasetId), loadRunResults(db, runId)]);
  const output = collectRun(samples, meta.metrics, meta.repeat, entries);
  return buildReport({
    samples,
    output,
    config: {
      baseURL: meta.baseURL,
      model: meta.model,
      ...(meta.embeddingModel ? { embeddingModel: meta.embeddingModel } : {}),
      concurrency: meta.concurrency,
      metrics: meta.metrics,
      prompts: promptsUsed(meta.metrics, meta.prompts),
      ...(meta.repeat > 1 ? { repeat: meta.repeat } : {}),
    },
    generator: generatorStamp("browser"),
    createdAt: new Date(meta.createdAt),
    wallMs: meta.activeMs,
    redact: [useApp.getState().apiKey],
  });
}
