import type { Embedder, Judge } from "../ports";
import type { PromptDef, ResolvedPrompt } from "../prompts/types";
import type { CallRecord, ScoreOutcome } from "../result";
import type { Sample } from "../sample";

export const METRIC_IDS = [
  "faithfulness",
  "answer_relevancy",
  "context_relevance",
  "context_precision",
  "context_recall",
  // Metrics that need no judge (contract 11): no request, no key.
  "bleu",
  "chrf",
  "rouge_l",
  "string_similarity",
  "exact_match",
  "string_presence",
] as const;
export type MetricId = (typeof METRIC_IDS)[number];

type SampleField = "question" | "answer" | "contexts" | "reference";

/** Per-metric knobs; every one has a default. */
export interface MetricOptions {
  /** answer_relevancy: how many questions to generate from the answer. */
  questions?: number;
  /** context_precision: judge each context in its own call (as ragas does) instead of one call. */
  perContextCalls?: boolean;
}

/** What a metric's steps are handed: its sample, its prompts and the ports. Nothing global. */
export interface MetricContext {
  sample: Sample;
  judge: Judge;
  embedder: Embedder | undefined;
  prompt<O>(base: PromptDef<O>): ResolvedPrompt<O>;
  options: MetricOptions;
  signal: AbortSignal | undefined;
  /** Every call a step makes is recorded here, so a failed metric still shows its spend. */
  calls: CallRecord[];
}

export interface MetricDefinition<TTrace extends { calls: CallRecord[] } = { calls: CallRecord[] }> {
  id: MetricId;
  name: string;
  /** Inputs without which the metric is undefined (null, missing_input). */
  requires: readonly SampleField[];
  usesEmbeddings: boolean;
  prompts: readonly PromptDef[];
  /** The steps: calls through ctx.judge / ctx.embedder; returns the trace (without calls). */
  run(ctx: MetricContext): Promise<Omit<TTrace, "calls">>;
  /** Pure: the score from the trace alone, so any score can be recomputed from its report. */
  score(trace: TTrace): ScoreOutcome;
  /** One human sentence on why the score is what it is. */
  explain(trace: TTrace, outcome: ScoreOutcome): string;
}
