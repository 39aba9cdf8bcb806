import {
  type AnyMetricId,
  type CustomJudge,
  type MetricOptions,
  type PromptOverrides,
  type RunDatasetHooks,
  retryFailed,
  type Usage,
  usageOf,
} from "../../engine";
import { getDataset, loadDatasetRows } from "../../storage/db/datasets";
import { runTargetOf } from "../../storage/db/run-target";
import { newId } from "../../storage/db/ids";
import { requestPersistentStorage } from "../../storage/db/quota";
import { getRun, listRuns, loadRunResults } from "../../storage/db/runs";
import type { Report } from "../../storage/format/report-schema";
import { appDb } from "../shared/persist/db";
import { deleteRunEverywhere } from "../shared/persist/run-deletion";
import { realPorts } from "../shared/ports/judge-ports";
import { loadLlm } from "../shared/ports/llm-loader";
import { activePromptOverrides } from "../shared/ports/prompt-overrides";
import { keyMissing, transportInput } from "../shared/ports/transport";
import { useApp } from "../shared/store";
import { keylessSplit } from "./keyless-split";
import { runsT } from "./messages";
import { RunService } from "./run-service";
import { type RunNotice, recordEntry, resetEntries, useRuns } from "./run-state";
import { heldRunIds } from "../shared/locks/run-locks";
import { webLocks } from "./web-locks";

/**
 * The runs pane's actions: the RunService wired to the browser (IndexedDB, Date.now, the user's
 * endpoint, Web Locks) and to the pane's store. A run that cannot start says why next to the
 * button that was pressed, with a way to Settings when the fix is there.
 */

const prices = () => useApp.getState().settings.prices;
/** A run of metrics that need no judge (bleu, rouge_l, ...) makes no request: it needs no key and no check. */
const keyless = (metrics: readonly AnyMetricId[], judges: readonly CustomJudge[] = []) => keylessSplit(metrics, judges).skipped.length === 0;
const notice = (value: RunNotice | null) => useRuns.setState({ notice: value });

async function db() {
  const opened = await appDb();
  if (!opened) throw new Error("IndexedDB is not available in this browser");
  return opened;
}

const service = new RunService(
  {
    db,
    clock: { now: () => Date.now() },
    judge: async (meta) =>
      keyless(meta.metrics, meta.customJudges)
        ? { judge: undefined, embedder: undefined }
        : realPorts(useApp.getState().bypassCache || meta.repeat > 1, { model: meta.model, embeddingModel: meta.embeddingModel }),
    locks: webLocks(),
    newId,
  },
  {
    onLive: (meta, entries) => {
      resetEntries(meta.id, entries, prices(), meta);
      useRuns.setState((s) => ({
        live: { runId: meta.id, startedAt: Date.now(), finishedAtStart: useRuns.getState().counters[meta.id]?.finished ?? 0, stopping: null },
        notice: null,
        runs: s.runs.map((r) => (r.id === meta.id ? meta : r)),
      }));
    },
    onEntry: (runId, entry) => recordEntry(runId, entry, prices()),
    onStopped: (meta) => useRuns.setState((s) => ({ live: null, version: s.version + 1, runs: s.runs.map((r) => (r.id === meta.id ? meta : r)) })),
  },
);

export async function loadRuns(datasetId: string): Promise<void> {
  useRuns.setState({ datasetId });
  const opened = await appDb();
  if (!opened) return;
  const { runs } = await listRuns(opened, datasetId);
  for (const run of runs) resetEntries(run.id, (await loadRunResults(opened, run.id)).entries, prices(), run);
  const s = useRuns.getState();
  useRuns.setState({ runs, selectedId: s.selectedId && runs.some((r) => r.id === s.selectedId) ? s.selectedId : (runs[0]?.id ?? null) });
  await refreshElsewhere();
}

/** Which stored "running" runs another tab is running now; their counters are reread from storage. */
export async function refreshElsewhere(): Promise<void> {
  const { runs, live } = useRuns.getState();
  const held = await heldRunIds();
  const elsewhere = runs.filter((r) => held.has(r.id) && r.id !== live?.runId).map((r) => r.id);
  const before = useRuns.getState().elsewhere;
  const opened = await appDb();
  if (!opened) return;
  // A run another tab works on (or just stopped): its document and results as that tab stored them.
  for (const id of new Set([...elsewhere, ...before])) {
    const meta = await getRun(opened, id);
    if (!meta) continue;
    resetEntries(id, (await loadRunResults(opened, id)).entries, prices(), meta);
    useRuns.setState((s) => ({ runs: s.runs.map((r) => (r.id === id ? meta : r)) }));
  }
  if (elsewhere.join() !== before.join()) useRuns.setState((s) => ({ elsewhere, version: s.version + 1 }));
}

export interface RunForm {
  metrics: AnyMetricId[];
  /** Checked options per metric (the picker's editors). */
  metricOptions?: Partial<Record<AnyMetricId, MetricOptions>>;
  /** The custom judges among `metrics`; stored with the run so resuming and its report use the same definitions. */
  customJudges?: CustomJudge[];
  repeat: number;
  concurrency: number;
  /** Per metric, the score a result must reach to pass (contract 14); stored with the run, applied to its report. */
  thresholds?: Record<string, number>;
  /** The prompt versions chosen in the form; the studio's active ones when absent. */
  prompts?: PromptOverrides;
  /** The judge and embedding models for this run; Settings' when absent. */
  model?: string;
  embeddingModel?: string;
}

/** `spent`: the check request's usage (none for a keyless run, which is not checked). */
type Preflight = { ok: true; spent?: Usage } | { ok: false; message: string };

/**
 * Can the run's endpoint be reached with the key in memory? One cheap request (counted in the
 * run's usage). Only what no retry can fix stops a run here: no route to the server, a refused
 * key, an unknown model. A busy server (429, 5xx) is left to the run's own retries.
 */
async function preflight(model: string, embeddingModel: string): Promise<Preflight> {
  const { settings, apiKey } = useApp.getState();
  if (keyMissing(settings, apiKey)) return { ok: false, message: runsT().needKey };
  const { testConnection } = await loadLlm();
  const result = await testConnection(transportInput({ ...settings, model, embeddingModel }, apiKey));
  if (!result.ok && ["network", "timeout", "auth", "not_found"].includes(result.error.kind))
    return { ok: false, message: runsT().unreachable(result.diagnosis) };
  return { ok: true, spent: usageOf(result.calls) };
}

/**
 * Without a key, a run scores the chosen metrics that need no judge and skips the others (the
 * playground does the same); only a choice with none of them is refused.
 */
function withoutKey(form: RunForm): { form: RunForm; skipped: AnyMetricId[] } | null {
  const split = keylessSplit(form.metrics, form.customJudges);
  if (split.run.length === 0) return null;
  const options = Object.entries(form.metricOptions ?? {}).filter(([id]) => split.run.includes(id as AnyMetricId));
  const { customJudges: _judges, metricOptions: _options, ...rest } = form;
  return { form: { ...rest, metrics: split.run, ...(options.length ? { metricOptions: Object.fromEntries(options) } : {}) }, skipped: split.skipped };
}

export async function startRun(datasetId: string, chosen: RunForm): Promise<void> {
  const t = runsT();
  const { settings, apiKey } = useApp.getState();
  if (useRuns.getState().live) return;
  if (chosen.metrics.length === 0) return notice({ text: t.nothingSelected, at: "start" });
  notice(null);
  const reduced = keyMissing(settings, apiKey) ? withoutKey(chosen) : null;
  const form = reduced?.form ?? chosen;
  // Asked once the user stores something worth keeping (the browser may say no: Settings shows it).
  void requestPersistentStorage();
  const model = form.model?.trim() || settings.model;
  const embeddingModel = form.embeddingModel?.trim() ?? settings.embeddingModel;
  const check: Preflight = keyless(form.metrics, form.customJudges) ? { ok: true } : await preflight(model, embeddingModel);
  if (!check.ok) return notice({ text: check.message, at: "start", settings: true });
  try {
    const opened = await db();
    const [{ rows }, { dataset }] = await Promise.all([loadDatasetRows(opened, datasetId), getDataset(opened, datasetId)]);
    const samples = rows.map((row) => row.sample);
    // Answers "Ask your system" filled in: the run keeps where they came from (issue 29).
    const target = runTargetOf(rows);
    if (samples.length === 0) return notice({ text: t.emptyDataset, at: "start" });
    const meta = await service.create(
      {
        datasetId,
        datasetName: dataset?.name ?? "",
        samples,
        metrics: form.metrics,
        ...(form.metricOptions && Object.keys(form.metricOptions).length ? { metricOptions: form.metricOptions } : {}),
        ...(form.customJudges?.length ? { customJudges: form.customJudges } : {}),
        repeat: form.repeat,
        concurrency: form.concurrency,
        ...(form.thresholds ? { thresholds: form.thresholds } : {}),
        prompts: form.prompts ?? (await activePromptOverrides()),
        model,
        embeddingModel,
        baseURL: settings.baseURL,
        ...(target ? { target } : {}),
      },
      check.spent,
    );
    resetEntries(meta.id, [], prices(), meta);
    const skipped = reduced?.skipped ?? [];
    useRuns.setState((s) => ({
      runs: [meta, ...s.runs],
      selectedId: meta.id,
      ...(skipped.length ? { keylessSkips: { ...s.keylessSkips, [meta.id]: skipped } } : {}),
    }));
    await execute(meta.id, "start");
  } catch (error) {
    notice({ text: t.failed(messageOf(error)), at: "start" });
  }
}

export async function resumeRun(runId: string, redo?: RunDatasetHooks["redo"]): Promise<void> {
  if (useRuns.getState().live) return;
  const t = runsT();
  const { settings } = useApp.getState();
  const opened = await appDb();
  const meta = opened ? await getRun(opened, runId) : undefined;
  if (!meta) return;
  // The key in memory belongs to Settings' endpoint: finishing a run against another one would mix
  // two endpoints' answers in one run.
  const free = keyless(meta.metrics, meta.customJudges);
  if (!free && settings.baseURL.trim() !== meta.baseURL.trim()) return notice({ text: t.otherEndpoint(meta.baseURL), at: "resume", settings: true });
  notice(null);
  const check: Preflight = free ? { ok: true } : await preflight(meta.model, meta.embeddingModel);
  if (!check.ok) return notice({ text: check.message, at: "resume", settings: true });
  await execute(runId, "resume", redo, check.spent);
}

export const retryFailedRun = (runId: string) => resumeRun(runId, retryFailed);

export function pauseRun(): void {
  const live = useRuns.getState().live;
  if (!live) return;
  useRuns.setState({ live: { ...live, stopping: "pause" } });
  service.pause();
}

export function cancelRun(): void {
  const live = useRuns.getState().live;
  if (!live) return;
  useRuns.setState({ live: { ...live, stopping: "cancel" } });
  service.cancel();
}

/** Deletes a run from both databases (its batch state too), unless it is live in some tab. */
export async function removeRun(runId: string): Promise<void> {
  const { live, elsewhere } = useRuns.getState();
  if (live?.runId === runId || elsewhere.includes(runId)) return notice({ text: runsT().removeRefusedLive, at: "remove" });
  const opened = await appDb();
  if (!opened) return;
  const outcome = await deleteRunEverywhere(opened, runId);
  if (!outcome.deleted) return notice({ text: runsT().removeRefusedLive, at: "remove" });
  useRuns.setState((s) => ({ notice: null, runs: s.runs.filter((r) => r.id !== runId), selectedId: s.selectedId === runId ? null : s.selectedId }));
}

async function execute(runId: string, at: RunNotice["at"], redo?: RunDatasetHooks["redo"], spent?: Usage): Promise<void> {
  const outcome = await service.execute(runId, { ...(redo ? { redo } : {}), ...(spent ? { spent } : {}) });
  const t = runsT();
  if (outcome.kind === "busy") {
    notice({ text: t.busyElsewhere, at });
    await refreshElsewhere();
  } else if (outcome.kind === "failed") notice({ text: t.failed(messageOf(outcome.error)), at });
}

/** A stored run as a report (contract 5, v2 with repeats), for ResultsExplorer and ReportCompare. */
export function runReport(runId: string): Promise<Report | null> {
  return service.report(runId, { redact: [useApp.getState().apiKey] }).catch(() => null);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
