import type { MetricContext, MetricDefinition, MetricOptions, SharedReplies } from "../metrics/types";
import type { Embedder, Judge } from "../ports";
import { resolvePrompt, validatePrompt } from "../prompts/resolve";
import type { PromptDef, PromptOverrides } from "../prompts/types";
import { isMetricError, MetricError, type CallRecord, type MetricResult } from "../result";
import type { Sample, SampleInput } from "../sample";

export interface ScoreMetricDeps {
  /** Absent when no judge is configured: a metric with prompts is then a coded null, not a crash. */
  judge: Judge | undefined;
  embedder: Embedder | undefined;
  prompts: PromptOverrides | undefined;
  options: MetricOptions;
  signal: AbortSignal | undefined;
  /** Replies shared with the sample's other metrics (see MetricContext.shared). */
  shared?: SharedReplies;
}

/** What a metric cannot run without: one of its inputs, or an embedding model. */
export type MissingInput = SampleInput | "embedder";

/** The first input a metric cannot run without on this sample; undefined when it can run. The UI words it from this, in its own language. */
export function missingField(metric: MetricDefinition, sample: Sample, hasEmbedder: boolean, options: MetricOptions = {}): MissingInput | undefined {
  for (const field of metric.requires) {
    if (field === "contexts" && sample.contexts.length === 0) return field;
    if (field === "reference" && !sample.reference?.trim()) return field;
    if ((field === "question" || field === "answer") && !sample[field].trim()) return field;
    if (field === "messages" && !sample.messages?.length) return field;
    if (field === "referenceToolCalls" && !sample.referenceToolCalls) return field;
    if (field === "referenceTopics" && !sample.referenceTopics?.length) return field;
  }
  const needsEmbedder = metric.needsEmbedder?.(options) ?? metric.usesEmbeddings;
  return needsEmbedder && !hasEmbedder ? "embedder" : undefined;
}

/** What a null result's message says is missing (reports and the CLI keep these words). */
const NEEDS: Record<MissingInput, string> = {
  contexts: "at least one context",
  reference: "a reference answer",
  question: "the question",
  answer: "the answer",
  messages: "a conversation (messages)",
  referenceToolCalls: "the reference tool calls",
  referenceTopics: "the reference topics",
  embedder: "an embedding model",
};

/** What a metric cannot run without, said in words; undefined when it can run. */
export function missingInput(metric: MetricDefinition, sample: Sample, hasEmbedder: boolean, options: MetricOptions = {}): string | undefined {
  const field = missingField(metric, sample, hasEmbedder, options);
  return field === undefined ? undefined : `${metric.name} needs ${NEEDS[field]}`;
}

/** Runs one metric on one sample and always returns a result: a score or a coded null. */
export async function scoreMetric(metric: MetricDefinition, sample: Sample, deps: ScoreMetricDeps): Promise<MetricResult> {
  const calls: CallRecord[] = [];
  const missing = missingInput(metric, sample, deps.embedder !== undefined, deps.options);
  if (missing) return { score: null, error: { code: "missing_input", message: missing }, trace: { calls } };
  if (metric.prompts.length > 0 && !deps.judge) {
    return { score: null, error: { code: "missing_input", message: `${metric.name} needs a judge model (a base URL and a key)` }, trace: { calls } };
  }

  const promptProblems = metric.prompts.flatMap((p) => validatePrompt(resolvePrompt(p, deps.prompts?.[p.id])).map((i) => `${p.id}: ${i.message}`));
  if (promptProblems.length > 0) {
    return { score: null, error: { code: "invalid_prompt", message: promptProblems.join("; ") }, trace: { calls } };
  }
  if (deps.signal?.aborted) return cancelled(calls);

  const ctx: MetricContext = {
    sample,
    judge: deps.judge ?? NO_JUDGE,
    embedder: deps.embedder,
    prompt: <O>(base: PromptDef<O>) => resolvePrompt(base, deps.prompts?.[base.id]),
    options: deps.options,
    signal: deps.signal,
    calls,
    ...(deps.shared ? { shared: deps.shared } : {}),
  };
  try {
    const partial = await metric.run(ctx);
    const trace = { ...partial, calls };
    const outcome = metric.score(trace);
    const result: MetricResult = { score: outcome.score, reason: metric.explain(trace, outcome), trace };
    if (outcome.error) result.error = outcome.error;
    return result;
  } catch (error) {
    if (isMetricError(error)) {
      for (const call of error.calls) if (!calls.includes(call)) calls.push(call);
      if (error.code === "cancelled" || deps.signal?.aborted) return cancelled(calls);
      return { score: null, error: { code: error.code, message: error.message }, trace: { calls } };
    }
    if (deps.signal?.aborted) return cancelled(calls);
    const message = error instanceof Error ? error.message : String(error);
    return { score: null, error: { code: "internal_error", message: `unexpected failure: ${message}` }, trace: { calls } };
  }
}

/** Handed to a metric that declares no prompt: it must not ask, and says so if it does. */
const NO_JUDGE: Judge = {
  complete: () => Promise.reject(new MetricError("internal_error", "this metric asked a judge, but none is configured")),
};

function cancelled(calls: CallRecord[]): MetricResult {
  return { score: null, error: { code: "cancelled", message: "the run was cancelled before this metric finished" }, trace: { calls } };
}
