import { type AnyMetricId, type CustomJudge, customId, evaluate, getMetric, missingInput, needsNoModel, PAPER_METRIC_IDS, type Sample } from "../../engine";
import { metricOptionsOf } from "../shared/metric-picker/groups";
import { optionProblemText } from "../shared/metric-picker/option-words";
import { thresholdsOf } from "../shared/metric-picker/thresholds";
import { metricLabel } from "../shared/results/labels";
import { useCustomJudges } from "../shared/persist/custom-judges";
import { newId } from "../../storage/db/ids";
import { recordScoring, type ScoringRecorder } from "../shared/persist/history-sync";
import { scoreConfigKey } from "./history-key";
import { allFailed } from "../shared/results/failures";
import { demoPorts, hasEmbedderFor, planFor, realPorts } from "../shared/ports/judge-ports";
import { activePromptOverrides } from "../shared/ports/prompt-overrides";
import { useApp } from "../shared/store";
import { DEMO_JUDGE_MODEL } from "../../demo";
import { draftToSample } from "../shared/sample-draft";
import { parseGradesText } from "../shared/grades-text";

let controller: AbortController | null = null;

/** The selected metrics that can run on this sample (the others are disabled in the form). */
function runnableMetrics(sample: Sample, selected: readonly AnyMetricId[], hasEmbedder: boolean, judges: readonly CustomJudge[]): AnyMetricId[] {
  const known = (id: AnyMetricId) => !id.startsWith("custom:") || judges.some((j) => `custom:${j.slug}` === id);
  return selected.filter((id) => known(id) && missingInput(getMetric(id, judges), sample, hasEmbedder) === undefined);
}

/** The demo judge has recorded replies for the paper's five only (and needs none for the text metrics). */
export function demoCovers(id: AnyMetricId, judges: readonly CustomJudge[] = []): boolean {
  return (PAPER_METRIC_IDS as readonly string[]).includes(id) || (!id.startsWith("custom:") && needsNoModel(getMetric(id, judges)));
}

/** The metrics among these that make no request, so they score with no key at all. */
export function keylessMetrics(ids: readonly AnyMetricId[], judges: readonly CustomJudge[] = []): AnyMetricId[] {
  return ids.filter((id) => needsNoModel(getMetric(id, judges)));
}

/** Scores the form's sample with the selected metrics; each card appears as its metric finishes. */
export async function scoreDraft(): Promise<void> {
  const state = useApp.getState();
  if (state.scoring.status === "running") return;
  // Grades that do not parse are refused, never dropped: NDCG over the plain 1s would be another score.
  const graded = parseGradesText(state.draft.relevantGrades);
  if (!graded.ok) {
    const { problem } = graded;
    state.setStatus((t) => `${t.sample.relevantGrades}: ${t.sample.gradesProblem(problem)}`);
    return;
  }
  const sample = draftToSample(state.draft, newId());
  const plan = planFor(sample);
  const judges = useCustomJudges.getState().judges;
  const usable = runnableMetrics(sample, state.selected, hasEmbedderFor(plan, state.settings.embeddingModel), judges);
  const runnable = plan.kind === "demo" ? usable.filter((id) => demoCovers(id, judges)) : usable;
  const { options: metricOptions, errors } = metricOptionsOf(runnable, state.metricOptions, judges);
  if (errors.length > 0) {
    state.setStatus((t) =>
      errors.map((e) => `${metricLabel(t, e.id, Object.fromEntries(judges.map((j) => [customId(j), j.name])))}: ${optionProblemText(t, e)}`).join(" "),
    );
    return;
  }
  // Without a key, the metrics that need no judge (BLEU, ROUGE-L, exact match, ...) still score:
  // they make no request. The ones that need a judge wait for a key.
  const keyless = plan.kind === "need_key";
  const metricIds = keyless ? keylessMetrics(runnable, judges) : runnable;
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
  state.startScoring(sample, metricIds, plan.kind === "demo", model);
  state.setStatus((t) => t.status.running(0, metricIds.length));
  let recorder: ScoringRecorder | undefined;

  try {
    const ports = plan.kind === "demo" ? demoPorts() : keyless ? { judge: undefined, embedder: undefined } : await realPorts(state.bypassCache);
    // The prompt studio's active versions; their hashes and names land in every call record.
    const prompts = await activePromptOverrides();
    useApp.getState().setScoringPrompts(prompts);
    const usedJudges = judges.filter((j) => metricIds.includes(`custom:${j.slug}`));
    useApp.getState().setScoringMetricConfig(metricOptions, usedJudges);
    const configKey = scoreConfigKey({
      metricIds,
      metricOptions,
      prompts,
      judges: usedJudges,
      judgedBy: plan.kind === "demo" ? "demo" : keyless ? "keyless" : "endpoint",
      settings: state.settings,
    });
    const picker = { selected: state.selected, options: state.metricOptions };
    const thresholds = thresholdsOf(state.thresholds, metricIds);
    const recording = recordScoring({ sample, metricIds, model, demo: plan.kind === "demo", picker, configKey, thresholds });
    recorder = recording;
    const output = await evaluate(
      [sample],
      metricIds,
      { judge: ports.judge, embedder: ports.embedder, concurrency: state.settings.concurrency, prompts, metricOptions, customJudges: judges },
      {
        signal: abort.signal,
        onResult: (event) => {
          useApp.getState().setResult(event.metricId, event.result);
          recording.add(event.metricId, event.result);
        },
        onProgress: ({ done, total }) => {
          if (!abort.signal.aborted) useApp.getState().setStatus((t) => t.status.running(done, total));
        },
      },
    );
    // Every result is on disk before the scoring reads as finished, so an immediate reload loses nothing.
    await recording.finish({ cancelled: abort.signal.aborted });
    const s = useApp.getState();
    s.finishScoring(abort.signal.aborted ? "cancelled" : "done");
    const ms = (s.scoring.finishedAt ?? Date.now()) - s.scoring.startedAt;
    const allCached = output.usage.requests === 0 && output.usage.cachedRequests > 0;
    // Every metric failing (a dead port, CORS) is not "Scored": the results panel says why, once.
    const failed = allFailed(s.scoring.results);
    s.setStatus(
      abort.signal.aborted
        ? (t) => t.status.cancelled
        : failed
          ? (t) => t.status.allFailed(failed.count)
          : allCached
            ? (t) => t.status.doneCached
            : (t) => t.status.done(metricIds.length, ms),
    );
  } catch (error) {
    // evaluate() turns metric failures into coded nulls; reaching here means the setup failed
    // (for example an invalid Base URL), which the user can fix in Settings.
    const message = error instanceof Error ? error.message : String(error);
    await recorder?.finish();
    const s = useApp.getState();
    s.finishScoring("failed");
    s.setStatus((t) => t.status.failed(message));
  } finally {
    if (controller === abort) controller = null;
  }
}

export function cancelScoring(): void {
  controller?.abort();
}
