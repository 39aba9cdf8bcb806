import {
  canonicalJson,
  evaluate,
  isMetricId,
  METRICS,
  missingInput,
  resolvePrompt,
  usageOf,
  type CallRecord,
  type MetricId,
  type MetricResult,
  type PromptOverrides,
  type Sample,
} from "../../../engine";
import { draftToSample } from "../../shared/sample-draft";
import { hasEmbedderFor, planFor, realPorts } from "../../shared/ports/judge-ports";
import { estimateCost } from "../../../storage/prices";
import { useApp } from "../../shared/store";
import { checkDraft, sameDraft, draftOf } from "../logic/draft";
import { diffTraces } from "../logic/trace-diff";
import { activeOverridesOf, baselineOverridesOf, type NoticeText, promptById, useStudio, type Rescore, type ScoreSide } from "./store";

/**
 * "Score with this version": the playground sample scored by the prompt's metric twice, with
 * the active prompts with this prompt at its baseline (before: the version active before the last
 * save, or the one chosen in "Compare with") and with the active prompts plus this draft (after), so the two
 * scores and traces can be set side by side. The "before" side is reused while the sample and
 * the prompts it was scored with are unchanged, so live re-scores pay only for the edited side (and the response
 * cache serves every step the edit did not touch).
 */

let running: AbortController | null = null;
let baseline: { key: string; side: ScoreSide } | null = null;

/** Calls that reached the server (cached answers cost nothing). */
const billedTokens = (calls: readonly CallRecord[]) => calls.filter((c) => !c.cached).reduce((n, c) => n + c.promptTokens + c.completionTokens, 0);

function side(result: MetricResult, hash: string, label: DraftLabel): ScoreSide {
  const calls = result.trace.calls;
  const cost = estimateCost(calls, useApp.getState().settings.prices);
  return { result, hash, versionName: label.base, edited: label.edited, usage: usageOf(calls), usd: cost.unpriced.length > 0 ? null : cost.usd };
}

interface DraftLabel {
  /** The version the draft was opened from (none: the default). */
  base: string | undefined;
  edited: boolean;
  /** What the call records carry as promptVersion (in English, like the rest of a report). */
  recorded: string | undefined;
}

/** The name the call log shows for the draft: the opened version's, marked when the text was edited since. */
function draftLabel(promptId: string): DraftLabel {
  const s = useStudio.getState();
  const prompt = promptById(promptId);
  const version = s.versions.find((v) => v.id === s.opened[promptId]);
  const edited = !sameDraft(s.drafts[promptId]!, draftOf(prompt, version ? { ...version.override } : undefined));
  const recorded = edited ? (version ? `${version.name} (unsaved edit)` : "unsaved edit") : version?.name;
  return { base: version?.name, edited, recorded };
}

async function scoreOnce(sample: Sample, metricId: MetricId, prompts: PromptOverrides, signal: AbortSignal): Promise<MetricResult> {
  const app = useApp.getState();
  const ports = await realPorts(app.bypassCache);
  const output = await evaluate(
    [sample],
    [metricId],
    { judge: ports.judge, embedder: ports.embedder, concurrency: app.settings.concurrency, prompts },
    { signal },
  );
  return output.results[0]!.metrics[metricId]!;
}

/** Scores the selected prompt's draft against the active version; `live` marks a re-score from live mode. */
export async function scoreWithDraft(live = false): Promise<void> {
  const studio = useStudio.getState();
  const promptId = studio.selectedId;
  const prompt = promptById(promptId);
  const draft = studio.drafts[promptId];
  if (!draft) return;
  const check = checkDraft(prompt, draft);
  const refuse = (text: NoticeText) => useStudio.setState({ tryNotice: { kind: "error", text } });
  // A generation prompt has no metric to score a sample with.
  if (!isMetricId(prompt.metric)) return refuse((m) => m.generationTry);
  if (!check.override)
    return refuse((m) =>
      m.refused(
        check.issues
          .filter((i) => i.severity === "error")
          .map((i) => i.message)
          .join("; "),
      ),
    );

  const app = useApp.getState();
  const sample = draftToSample(app.draft, "studio-sample");
  const plan = planFor(sample);
  if (plan.kind !== "real") return refuse((m) => m.needKey);
  const metricId = prompt.metric;
  const missing = missingInput(METRICS[metricId], sample, hasEmbedderFor(plan, app.settings.embeddingModel));
  if (missing) return refuse((m) => m.missing(missing));

  running?.abort();
  const abort = new AbortController();
  running = abort;
  useStudio.setState({ busy: "score", tryNotice: null });
  try {
    const active = activeOverridesOf(studio.versions, studio.active);
    const compared = baselineOverridesOf(studio, promptId);
    const label = draftLabel(promptId);
    const candidate: PromptOverrides = { ...active, [promptId]: { ...check.override, ...(label.recorded ? { versionName: label.recorded } : {}) } };
    const key = canonicalJson({ sample: { ...sample, id: "" }, compared, metricId, model: app.settings.model, baseURL: app.settings.baseURL });
    const beforeHash = resolvePrompt(prompt, compared[promptId]).hash;
    const cachedBefore = baseline?.key === key ? baseline.side : undefined;
    const [beforeResult, afterResult] = await Promise.all([
      cachedBefore ? Promise.resolve(cachedBefore.result) : scoreOnce(sample, metricId, compared, abort.signal),
      scoreOnce(sample, metricId, candidate, abort.signal),
    ]);
    if (abort.signal.aborted) return;
    const before = cachedBefore ?? side(beforeResult, beforeHash, { base: compared[promptId]?.versionName, edited: false, recorded: undefined });
    baseline = { key, side: before };
    const after = side(afterResult, check.hash!, label);
    const calls = afterResult.trace.calls;
    const entry: Rescore = {
      at: Date.now(),
      live,
      score: afterResult.score,
      code: afterResult.error?.code,
      tokens: billedTokens(calls) + (cachedBefore ? 0 : billedTokens(beforeResult.trace.calls)),
      usd: after.usd === null || (!cachedBefore && before.usd === null) ? null : after.usd + (cachedBefore ? 0 : (before.usd ?? 0)),
      cached: calls.length > 0 && calls.every((c) => c.cached),
    };
    useStudio.setState((s) => ({
      comparison: { promptId, metricId, before, after, diff: diffTraces(metricId, beforeResult.trace, afterResult.trace) },
      rescores: [entry, ...s.rescores].slice(0, 20),
    }));
  } catch (error) {
    if (!abort.signal.aborted) refuse((m) => m.failed(error instanceof Error ? error.message : String(error)));
  } finally {
    if (running === abort) {
      running = null;
      useStudio.setState({ busy: null });
    }
  }
}
