import { evaluate, METRICS, missingInput, type MetricId, type Sample } from "../../engine";
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
