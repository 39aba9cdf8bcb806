import { evaluate, METRICS, missingInput, needsNoModel, type MetricId, type Sample } from "../../engine";
import { newId } from "../../storage/db/ids";
import { recordRun } from "../shared/persist/history-sync";
import { demoPorts, hasEmbedderFor, planFor, realPorts } from "../shared/ports/judge-ports";
import { activePromptOverrides } from "../shared/ports/prompt-overrides";
import { useApp } from "../shared/store";
import { DEMO_JUDGE_MODEL } from "../../demo";
import { draftToSample } from "../shared/sample-draft";

let controller: AbortController | null = null;

/** The selected metrics that can run on this sample (the others are disabled in the form). */
function runnableMetrics(sample: Sample, selected: readonly MetricId[], hasEmbedder: boolean): MetricId[] {
  return selected.filter((id) => missingInput(METRICS[id], sample, hasEmbedder) === undefined);
}

/** The metrics among these that make no request, so they score with no key at all. */
export function keylessMetrics(ids: readonly MetricId[]): MetricId[] {
  return ids.filter((id) => needsNoModel(METRICS[id]));
}

/** Scores the form's sample with the selected metrics; each card appears as its metric finishes. */
export async function scoreDraft(): Promise<void> {
  const state = useApp.getState();
  if (state.run.status === "running") return;
  const sample = draftToSample(state.draft, newId());
  const plan = planFor(sample);
  const runnable = runnableMetrics(sample, state.selected, hasEmbedderFor(plan, state.settings.embeddingModel));
  // Without a key, the metrics that need no judge (BLEU, ROUGE-L, exact match, ...) still score:
  // they make no request. The ones that need a judge wait for a key.
  const keyless = plan.kind === "need_key";
  const metricIds = keyless ? keylessMetrics(runnable) : runnable;
  if (keyless && metricIds.length === 0) {
    state.setStatus((t) => t.sample.needKey);
    return;
  }
  if (metricIds.length === 0) {
    state.setStatus((t) => t.sample.nothingSelected);
    return;
  }

  const abort = new AbortController();
  controller = abort;
  const model = plan.kind === "demo" ? DEMO_JUDGE_MODEL : keyless ? "" : state.settings.model;
  state.startRun(sample, metricIds, plan.kind === "demo", model);
  state.setStatus((t) => t.status.running(0, metricIds.length));
  const recorder = recordRun(sample, metricIds, model, plan.kind === "demo");

  try {
    const ports = plan.kind === "demo" ? demoPorts() : keyless ? { judge: undefined, embedder: undefined } : await realPorts(state.bypassCache);
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
