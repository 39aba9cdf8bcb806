import { create } from "zustand";
import type { JournalEntry, Sample } from "../../../engine";
import type { WorkUnit } from "../../../engine/run/evaluate";
import { getDataset, loadDatasetSamples } from "../../../storage/db/datasets";
import { loadRunSamples } from "../../../storage/db/run-inputs";
import { promptsUsed } from "../../../storage/format/report-build";
import { newId } from "../../../storage/db/ids";
import { requestPersistentStorage } from "../../../storage/db/quota";
import { createRun, getRun, idbJournal, listRuns, loadRunResults, type RunMeta, saveRun, ZERO_USAGE } from "../../../storage/db/runs";
import { appDb } from "../../shared/persist/db";
import { activePromptOverrides } from "../../shared/ports/prompt-overrides";
import { keyMissing, transportInput } from "../../shared/ports/transport";
import { useApp } from "../../shared/store";
import { batchT, type WaitingFile } from "./messages";
import { providerForUrl } from "../../shared/settings-model/providers";
import { mergeResults, pendingUnits } from "./pending-units";
import type { RunForm } from "../run-actions";
import { resetEntries, useRuns } from "../run-state";
import type { BatchSessionOptions } from "../../shared/batch/batch-session";

/**
 * How a session waits between polls and which locks it takes: the browser's timers and
 * navigator.locks when absent; a test passes a clock it advances itself instead of sleeping.
 */
type SessionPorts = Pick<BatchSessionOptions, "sleep" | "locks">;

/**
 * Runs by the provider's batch API in the page. The run is an ordinary stored run (it shows in the
 * runs list, its results in the runResults store once it finishes); what is in flight lives in the
 * batch database (src/storage/db/batch-db.ts), marked per run, so a reload finds the run and polls its
 * batches again. One tab drives a run at a time (a Web Lock in shared/batch): another tab says so
 * and submits nothing. The llm code loads lazily, as the sync runs' does.
 */

type ProbeVerdict = "reached" | "no_batch_api" | "unauthorized" | "blocked";

type BatchPhase = "idle" | "running" | "held" | "finished" | "failed" | "cancelled";

/**
 * A probe's verdict, kept as what it found (not only as words) so the panel says it in the page's
 * language of the moment; `message` is the words at probe time (an unexpected error's own).
 */
interface ProbeState {
  baseURL: string;
  verdict: ProbeVerdict | "probing" | "no_key";
  message: string;
  /** No batch API: whether the server is vLLM (its run-batch is then the way to name). */
  vllm?: boolean;
  /** Blocked: the transport's words for why. */
  detail?: string;
}

/** The probe's verdict in the page's current language. */
export function probeWords(t: ReturnType<typeof batchT>, probe: ProbeState): string {
  switch (probe.verdict) {
    case "probing":
      return t.probing;
    case "no_key":
      return t.needKey;
    case "reached":
      return t.reached(probe.baseURL);
    case "no_batch_api":
      return t.noBatchApi(probe.baseURL, probe.vllm === true);
    case "unauthorized":
      return t.unauthorized(probe.baseURL);
    case "blocked":
      return probe.detail !== undefined ? t.blocked(probe.baseURL, probe.detail) : probe.message;
  }
}

export interface BatchPanelState {
  /** The probe of Settings' base URL: null before the first one. */
  probe: ProbeState | null;
  /** The form's "Run by batch" choice. */
  byBatch: boolean;
  /** Runs that go by batch (never offered a sync Resume). */
  batchRunIds: ReadonlySet<string>;
  runId: string | null;
  /** The open run of the download / upload flow, if any. */
  filesRunId: string | null;
  /** That run's latest round and the files of it still without results (none: the round is in). */
  filesWaiting: { runId: string; round: number; rounds: number; files: WaitingFile[] } | null;
  phase: BatchPhase;
  /** The latest status line per batch ("round 1 chat (40 requests) batch_x"), in first-seen order. */
  lines: Record<string, string>;
  message: string;
}

export const useBatch = create<BatchPanelState>()(() => ({
  probe: null,
  byBatch: false,
  batchRunIds: new Set(),
  runId: null,
  filesRunId: null,
  filesWaiting: null,
  phase: "idle",
  lines: {},
  message: "",
}));

export const loadBatchModules = () =>
  Promise.all([import("../../../llm/batch/probe"), import("../../shared/batch/batch-session"), import("../../../storage/db/batches"), import("../../../llm")]);

/** Asks Settings' base URL whether the page can read its /files and /batches. */
export async function probeBatch(): Promise<void> {
  const { settings, apiKey } = useApp.getState();
  const baseURL = settings.baseURL.trim();
  if (!baseURL) return;
  // No request without a key: a hosted API would only refuse it (and the page sends nothing unasked).
  if (keyMissing(settings, apiKey)) {
    useBatch.setState({ probe: { baseURL, verdict: "no_key", message: batchT().needKey }, byBatch: false });
    return;
  }
  useBatch.setState({ probe: { baseURL, verdict: "probing", message: batchT().probing } });
  const [{ probeBatchSupport }] = await loadBatchModules();
  try {
    const result = await probeBatchSupport(transportInput(settings, apiKey));
    // Only a blocked verdict carries the transport's own words; the rest are the page's.
    const found: ProbeState = {
      baseURL,
      verdict: result.verdict,
      message: "",
      vllm: providerForUrl(baseURL, settings.provider) === "vllm",
      ...(result.verdict === "blocked" ? { detail: result.detail ?? "" } : {}),
    };
    found.message = probeWords(batchT(), found);
    useBatch.setState((s) => ({ probe: found, byBatch: s.byBatch && result.verdict === "reached" }));
  } catch (error) {
    useBatch.setState({ probe: { baseURL, verdict: "blocked", message: error instanceof Error ? error.message : String(error) }, byBatch: false });
  }
}

/** Which of the dataset's runs go by batch; those still running are driven again (after a reload). */
export async function resumeBatchRuns(datasetId: string, ports: SessionPorts = {}): Promise<void> {
  const db = await appDb();
  if (!db) return;
  const [, , { openBatchDb, batchRunKeys }] = await loadBatchModules();
  const keys = await batchRunKeys(await openBatchDb());
  const { runs } = await listRuns(db, datasetId);
  useBatch.setState({ batchRunIds: new Set([...useBatch.getState().batchRunIds, ...runs.filter((r) => keys.has(r.id)).map((r) => r.id)]) });
  const filesRun = runs.find((r) => keys.get(r.id) === "files" && r.status === "running");
  useBatch.setState({ filesRunId: filesRun?.id ?? null });
  const open = runs.find((r) => keys.get(r.id) === "api" && r.status === "running");
  if (!open || driving.has(open.id)) return;
  const { settings, apiKey } = useApp.getState();
  if (keyMissing(settings, apiKey)) {
    useBatch.setState({ runId: open.id, phase: "failed", message: batchT().needKey });
    return;
  }
  // The run's own snapshot of its samples (the dataset may have been edited since), less what is settled.
  const [{ samples }, { entries }] = await Promise.all([loadRunSamples(db, open.id), loadRunResults(db, open.id)]);
  await drive(open, pendingUnits(samples, entries, open.metrics), ports);
}

export async function startBatchRun(datasetId: string, form: RunForm, ports: SessionPorts = {}): Promise<void> {
  const t = batchT();
  const { settings, apiKey } = useApp.getState();
  if (form.metrics.length === 0 || useBatch.getState().phase === "running") return;
  if (keyMissing(settings, apiKey)) {
    useBatch.setState({ phase: "failed", message: t.needKey });
    return;
  }
  const created = await createBatchRun(datasetId, form, "api");
  if (created) await drive(created.meta, pendingUnits(created.samples, [], created.meta.metrics), ports);
}

/** A stored run marked as going by batch (before it is saved: a reload never takes it for a sync run). */
export async function createBatchRun(datasetId: string, form: RunForm, mode: "api" | "files"): Promise<{ meta: RunMeta; samples: Sample[] } | undefined> {
  const { settings } = useApp.getState();
  const db = await appDb();
  if (!db) return undefined;
  // A run worth keeping for a day: ask the browser not to evict it, as a sync run's start does.
  void requestPersistentStorage();
  const [{ samples }, { dataset }] = await Promise.all([loadDatasetSamples(db, datasetId), getDataset(db, datasetId)]);
  if (samples.length === 0) return undefined;
  const now = Date.now();
  const meta: RunMeta = {
    id: newId(),
    datasetId,
    datasetName: dataset?.name ?? "",
    name: new Date(now).toLocaleString(),
    createdAt: now,
    updatedAt: now,
    status: "running",
    metrics: form.metrics,
    ...(form.thresholds ? { thresholds: form.thresholds } : {}),
    // A batch run scores every sample once (repeats by batch are not offered yet).
    repeat: 1,
    concurrency: form.concurrency,
    sampleCount: samples.length,
    model: form.model?.trim() || settings.model,
    embeddingModel: form.embeddingModel?.trim() ?? settings.embeddingModel,
    baseURL: settings.baseURL,
    prompts: form.prompts ?? (await activePromptOverrides()),
    promptsUsed: [],
    activeMs: 0,
    unrecorded: { ...ZERO_USAGE },
    byBatch: true,
  };
  meta.promptsUsed = promptsUsed(meta.metrics, meta.prompts);
  const [, , { openBatchDb, markBatchRun }] = await loadBatchModules();
  // Marked before it is saved as running: a reload in between finds a batch run, never a sync one.
  await markBatchRun(await openBatchDb(), meta.id, now, mode);
  // Stored with its snapshot of the samples, as every run is (its report is built from it).
  await createRun(db, meta, samples);
  resetEntries(meta.id, [], settings.prices, meta);
  useBatch.setState((s) => ({ batchRunIds: new Set([...s.batchRunIds, meta.id]), ...(mode === "files" ? { filesRunId: meta.id } : {}) }));
  useRuns.setState((s) => ({ runs: [meta, ...s.runs], selectedId: meta.id }));
  return { meta, samples };
}

/**
 * "Retry failed" of a batch run: only the (sample, metric) pairs that came back as a failed or
 * expired line go, as a new batch at batch prices (never by sync at full price). The run is marked
 * as going by batch again, so a reload polls the retry on.
 */
export async function retryFailedBatch(runId: string): Promise<void> {
  const t = batchT();
  if (useBatch.getState().phase === "running" || driving.has(runId)) return;
  const db = await appDb();
  const meta = db ? await getRun(db, runId) : undefined;
  if (!db || !meta) return;
  const { settings, apiKey } = useApp.getState();
  if (keyMissing(settings, apiKey)) {
    useBatch.setState({ runId, phase: "failed", message: t.needKey });
    return;
  }
  const refused = otherEndpoint(meta);
  if (refused) {
    useBatch.setState({ runId, phase: "failed", message: refused });
    return;
  }
  const [{ samples }, { entries }] = await Promise.all([loadRunSamples(db, runId), loadRunResults(db, runId)]);
  const units = pendingUnits(samples, entries, meta.metrics);
  if (units.length === 0) return;
  const [, , { openBatchDb, markBatchRun }] = await loadBatchModules();
  const now = Date.now();
  // Marked before it is saved as running, as a new batch run is: a reload never takes it for a sync one.
  await markBatchRun(await openBatchDb(), runId, now, "api");
  const running: RunMeta = { ...meta, status: "running", updatedAt: now, byBatch: true };
  await saveRun(db, running);
  useBatch.setState((s) => ({ batchRunIds: new Set([...s.batchRunIds, runId]) }));
  useRuns.setState((s) => ({ runs: s.runs.map((r) => (r.id === runId ? running : r)) }));
  await drive(running, units);
}

/** Runs this tab is driving (a second call for the same run does nothing). */
const driving = new Set<string>();
let controller: AbortController | null = null;

async function drive(meta: RunMeta, units: readonly WorkUnit[], ports: SessionPorts = {}): Promise<void> {
  const t = batchT();
  const refused = otherEndpoint(meta);
  if (refused) {
    useBatch.setState({ runId: meta.id, phase: "failed", message: refused });
    return;
  }
  driving.add(meta.id);
  const abort = new AbortController();
  controller = abort;
  useBatch.setState({ runId: meta.id, phase: "running", lines: {}, message: t.submitting });
  const [, { runBatchSession }, { openBatchDb }] = await loadBatchModules();
  const startedAt = Date.now();
  try {
    const config = await runTransport(meta);
    const batchDb = await openBatchDb();
    const outcome = await runBatchSession({
      runKey: meta.id,
      units,
      plan: { prompts: meta.prompts, hasEmbedder: meta.embeddingModel.trim() !== "" },
      config,
      db: batchDb,
      ...ports,
      signal: abort.signal,
      onStatus: (line) => {
        const batch = /^(round \d+ \S+ \(\d+ requests\) \S+):/.exec(line)?.[1] ?? line;
        useBatch.setState((s) => ({ lines: { ...s.lines, [batch]: line }, message: "" }));
      },
    });
    if (outcome.kind === "held-elsewhere") {
      useBatch.setState({ phase: "held", message: t.heldElsewhere });
      return;
    }
    await finishBatchRun(meta, outcome.pass.results, Date.now() - startedAt);
    useBatch.setState({ phase: "finished", message: t.finished(outcome.rounds, outcome.batches) });
  } catch (error) {
    // Cancelled: cancelBatchRun says so once the provider has the cancel.
    if (abort.signal.aborted) return;
    useBatch.setState({ phase: "failed", message: t.failed(error instanceof Error ? error.message : String(error)) });
  } finally {
    driving.delete(meta.id);
    if (controller === abort) controller = null;
  }
}

/**
 * The pass's results into the runResults store, over what a sample already holds (a retry settles
 * only its failed metrics); the run is done and its batch state goes.
 */
export async function finishBatchRun(
  meta: RunMeta,
  results: readonly { sampleId: string; metrics: JournalEntry["metrics"] }[],
  activeMs: number,
): Promise<void> {
  const db = await appDb();
  if (!db) return;
  const journal = idbJournal(db, meta.id);
  for (const entry of mergeResults(await journal.load(), results)) await journal.append(entry);
  const { entries } = await loadRunResults(db, meta.id);
  const latest = (await getRun(db, meta.id)) ?? meta;
  // byBatch also for a run created before the flag existed: it is priced at batch prices from now on.
  const done: RunMeta = { ...latest, status: "done", updatedAt: Date.now(), activeMs: latest.activeMs + activeMs, byBatch: true };
  await saveRun(db, done);
  const [, , { openBatchDb, forgetBatchRun }] = await loadBatchModules();
  await forgetBatchRun(await openBatchDb(), meta.id);
  resetEntries(meta.id, entries, useApp.getState().settings.prices, done);
  useRuns.setState((s) => ({ runs: s.runs.map((r) => (r.id === meta.id ? done : r)), version: s.version + 1 }));
}

/**
 * The transport config of a run: its own endpoint and models (where its batches were submitted),
 * Settings' key and options. Never Settings' base URL: a batch id means nothing at another server.
 */
export async function runTransport(meta: Pick<RunMeta, "baseURL" | "model" | "embeddingModel">) {
  const [, , , { parseTransportConfig }] = await loadBatchModules();
  const { settings, apiKey } = useApp.getState();
  return parseTransportConfig(transportInput({ ...settings, baseURL: meta.baseURL, model: meta.model, embeddingModel: meta.embeddingModel }, apiKey));
}

/**
 * Why a run's batches cannot be polled or cancelled from here now, if they cannot: the key in
 * memory belongs to Settings' base URL, so with Settings pointing elsewhere it would go to the
 * wrong server (the sync resume refuses the same way). The files flow sends nothing: it needs no check.
 */
function otherEndpoint(meta: Pick<RunMeta, "baseURL">): string | undefined {
  const { settings } = useApp.getState();
  return settings.baseURL.trim() === meta.baseURL.trim() ? undefined : batchT().otherEndpoint(meta.baseURL);
}

/** Cancel: stops polling and cancels the batches still running at the provider; the run is cancelled. */
export async function cancelBatchRun(): Promise<void> {
  const runId = useBatch.getState().runId;
  if (!runId || useBatch.getState().phase !== "running") return;
  const db = await appDb();
  const meta = db ? await getRun(db, runId) : undefined;
  if (!meta) return;
  // Refused before polling stops: the run goes on rather than being left half cancelled.
  const refused = otherEndpoint(meta);
  if (refused) {
    useBatch.setState({ message: refused });
    return;
  }
  controller?.abort(new Error("cancelled by the user"));
  const [, , { openBatchDb, idbBatchState }] = await loadBatchModules();
  const { cancelBatches } = await import("../../../llm/batch/run-batch");
  // The API the run's batches were made with (Anthropic's and OpenRouter's by their host), as the session chose it.
  const { batchApiFor } = await import("../../../llm/batch/choose-api");
  const config = await runTransport(meta);
  const store = await idbBatchState(await openBatchDb(), runId);
  const chat = batchApiFor(config, "chat");
  const embeddings = batchApiFor(config, "embedding");
  await cancelBatches(store, (endpoint) => (endpoint === "/v1/embeddings" ? embeddings : chat));
  if (db) {
    const cancelled: RunMeta = { ...meta, status: "cancelled", updatedAt: Date.now() };
    await saveRun(db, cancelled);
    useRuns.setState((s) => ({ runs: s.runs.map((r) => (r.id === runId ? cancelled : r)), version: s.version + 1 }));
  }
  useBatch.setState({ phase: "cancelled", message: batchT().cancelled });
}
