import { evaluate, METRICS, missingInput, type Embedder, type Judge, type MetricId, type Sample } from "../../engine";
import { IdbResponseCache } from "../../storage/db/response-cache";
import { newId } from "../../storage/db/ids";
import { loadLlm } from "../llm-loader";
import { appDb } from "../persist/db";
import { recordRun } from "../persist/history-sync";
import { activePromptOverrides } from "../studio/active-overrides";
import { keyMissing, transportInput } from "../settings/transport";
import { useApp } from "../store";
import { createDemoEmbedder, createDemoJudge, DEMO_JUDGE_MODEL, matchBuiltInExample } from "../../demo";
import { draftToSample } from "./draft";

let controller: AbortController | null = null;

/** What pressing Score would do right now, so the form can say it before it is pressed. */
export type ScorePlan = { kind: "real" } | { kind: "demo" } | { kind: "need_key" };

export function planFor(sample: Omit<Sample, "id">, settings = useApp.getState().settings, apiKey = useApp.getState().apiKey): ScorePlan {
  if (!keyMissing(settings, apiKey)) return { kind: "real" };
  // The demo judge knows only the built-in examples, exactly as shipped.
  return matchBuiltInExample(sample) ? { kind: "demo" } : { kind: "need_key" };
}

/** The selected metrics that can run on this sample (the others are disabled in the form). */
export function runnableMetrics(sample: Sample, selected: readonly MetricId[], hasEmbedder: boolean): MetricId[] {
  return selected.filter((id) => missingInput(METRICS[id], sample, hasEmbedder) === undefined);
}

export function hasEmbedderFor(plan: ScorePlan, embeddingModel: string): boolean {
  return plan.kind === "demo" || embeddingModel.trim() !== "";
}

function demoPorts(): { judge: Judge; embedder: Embedder } {
  return { judge: createDemoJudge(), embedder: createDemoEmbedder() };
}

/**
 * The user's endpoint as the engine's ports (the prompt studio scores through these too). A
 * dataset run passes its own models: the ones it was started with, even if Settings changed since.
 */
export async function realPorts(
  bypassCache: boolean,
  models?: { model: string; embeddingModel: string },
): Promise<{ judge: Judge; embedder: Embedder | undefined }> {
  const { apiKey } = useApp.getState();
  const settings = models ? { ...useApp.getState().settings, ...models } : useApp.getState().settings;
  const [{ checkTransportConfig, createEmbedder, createJudge }, db] = await Promise.all([loadLlm(), appDb()]);
  const cache = db ? new IdbResponseCache(db) : undefined;
  const checked = checkTransportConfig(transportInput(settings, apiKey, cache));
  // A readable "Base URL must start with http://" instead of a thrown ZodError dump.
  if (!checked.ok) throw new Error(checked.message);
  const judge = createJudge(checked.config, { bypassCache });
  const embedder = checked.config.embeddingModel ? createEmbedder(checked.config, { bypassCache }) : undefined;
  return { judge, embedder };
}

/** Scores the form's sample with the selected metrics; each card appears as its metric finishes. */
export async function scoreDraft(): Promise<void> {
  const state = useApp.getState();
  if (state.run.status === "running") return;
  const sample = draftToSample(state.draft, newId());
  const plan = planFor(sample);
  if (plan.kind === "need_key") {
    state.setStatus((t) => t.sample.needKey);
    return;
  }
  const metricIds = runnableMetrics(sample, state.selected, hasEmbedderFor(plan, state.settings.embeddingModel));
  if (metricIds.length === 0) {
    state.setStatus((t) => t.sample.nothingSelected);
    return;
  }

  const abort = new AbortController();
  controller = abort;
  const model = plan.kind === "demo" ? DEMO_JUDGE_MODEL : state.settings.model;
  state.startRun(sample, metricIds, plan.kind === "demo", model);
  state.setStatus((t) => t.status.running(0, metricIds.length));
  const recorder = recordRun(sample, metricIds, model, plan.kind === "demo");

  try {
    const ports = plan.kind === "demo" ? demoPorts() : await realPorts(state.bypassCache);
    // The prompt studio's active versions; their hashes and names land in every call record.
    const prompts = await activePromptOverrides();
    useApp.getState().setRunPrompts(prompts);
    const output = await evaluate(
      [sample],
      metricIds,
      { judge: ports.judge, embedder: ports.embedder, concurrency: state.settings.concurrency, prompts },
      {
        signal: abort.signal,
        onResult: (event) => {
          useApp.getState().setResult(event.metricId, event.result);
          recorder.add(event.metricId, event.result);
        },
        onProgress: ({ done, total }) => {
          if (!abort.signal.aborted) useApp.getState().setStatus((t) => t.status.running(done, total));
        },
      },
    );
    // Every result is on disk before the run reads as finished, so an immediate reload loses nothing.
    await recorder.finish();
    const s = useApp.getState();
    s.finishRun(abort.signal.aborted ? "cancelled" : "done");
    const ms = (s.run.finishedAt ?? Date.now()) - s.run.startedAt;
    const allCached = output.usage.requests === 0 && output.usage.cachedRequests > 0;
    s.setStatus(abort.signal.aborted ? (t) => t.status.cancelled : allCached ? (t) => t.status.doneCached : (t) => t.status.done(metricIds.length, ms));
  } catch (error) {
    // evaluate() turns metric failures into coded nulls; reaching here means the setup failed
    // (for example an invalid Base URL), which the user can fix in Settings.
    const message = error instanceof Error ? error.message : String(error);
    await recorder.finish();
    const s = useApp.getState();
    s.finishRun("failed");
    s.setStatus((t) => t.status.failed(message));
  } finally {
    if (controller === abort) controller = null;
  }
}

export function cancelRun(): void {
  controller?.abort();
}
