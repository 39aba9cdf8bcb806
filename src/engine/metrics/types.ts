import type { z } from "zod";
import type { Embedder, Judge, JudgeReply } from "../ports";
import type { PromptDef, ResolvedPrompt } from "../prompts/types";
import type { CallRecord, ScoreOutcome } from "../result";
import type { Sample, SampleInput } from "../sample";

/** The paper's five (DESIGN.md contract 1): the default selection of the CLI and the playground. */
export const PAPER_METRIC_IDS = ["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"] as const;
/** ragas 0.4's judge and embedding metrics (contract 11). */
export const JUDGE_METRIC_IDS = [
  "answer_correctness",
  "factual_correctness",
  "noise_sensitivity",
  "context_entity_recall",
  "context_utilization",
  "semantic_similarity",
] as const;
/** Metrics that need no judge (contract 11): no request, no key. */
export const TEXT_METRIC_IDS = ["bleu", "chrf", "rouge_l", "string_similarity", "exact_match", "string_presence"] as const;
/** Retrieval metrics from ids and ranks (contract 15): no judge, no key, deterministic. */
export const RETRIEVAL_METRIC_IDS = [
  "id_context_precision",
  "id_context_recall",
  "hit_rate",
  "precision_at_k",
  "recall_at_k",
  "mrr",
  "average_precision",
  "ndcg_at_k",
  "r_precision",
] as const;
/**
 * Every built-in metric id, the one list the per-metric tables (labels, trace views, stored results,
 * the CLI's --metrics) are keyed by; custom judges (`custom:<slug>`) come on top, defined by the user.
 */
export const METRIC_IDS = [...PAPER_METRIC_IDS, ...JUDGE_METRIC_IDS, ...TEXT_METRIC_IDS, ...RETRIEVAL_METRIC_IDS] as const;
export type MetricId = (typeof METRIC_IDS)[number];

/** Metrics where lower is better (noise sensitivity: the share of errors noise caused). */
export const LOWER_IS_BETTER: readonly string[] = ["noise_sensitivity"];

/** A user-defined judge (contract 11): `custom:` and a slug of lower-case letters, digits and - _. */
export type CustomMetricId = `custom:${string}`;
/** Any metric the engine runs: every engine API (evaluate, runDataset, results, summaries) is keyed by these. */
export type AnyMetricId = MetricId | CustomMetricId;

/**
 * Per-metric knobs, one flat bag so every caller (UI, CLI `--option metric.key=value`, reports)
 * passes them the same way; each metric's `options` schema says which keys it reads and checks
 * their values. Every knob has a default.
 */
export interface MetricOptions {
  /** answer_relevancy: how many questions to generate from the answer. */
  questions?: number;
  /** context_precision, context_utilization: judge each context in its own call (as ragas does) instead of one call. */
  perContextCalls?: boolean;
  /** answer_correctness: [factuality, similarity] weights (default [0.75, 0.25]); similarity 0 makes no embedding request. */
  weights?: [number, number];
  /** factual_correctness: "f1" | "precision" | "recall"; noise_sensitivity: "relevant" | "irrelevant". */
  mode?: string;
  /** factual_correctness: F-beta's beta (default 1). */
  beta?: number;
  /** factual_correctness: how finely claims are split ("low" | "high"). */
  atomicity?: "low" | "high";
  /** factual_correctness: how much of the text the claims cover ("low" | "high"). */
  coverage?: "low" | "high";
  /** custom judges: how many votes (k) to ask for. */
  strictness?: number;
  /** the retrieval metrics with a cutoff (contract 15): how many of the first ranks count (default 10). */
  k?: number;
}

/** Requests a metric makes for one sample when every reply is valid (the run estimate and the picker show these). */
export interface CallCount {
  chat: number;
  embedding: number;
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
  /**
   * Replies shared by the metrics of one sample: the same request (prompt, messages, schema) made
   * by two metrics at once is sent once (faithfulness, answer correctness and noise sensitivity
   * all split the answer with the same prompt). Absent: every call is its own.
   */
  shared?: SharedReplies;
}

/** In-flight and finished replies of one sample's metrics, by request. */
export type SharedReplies = Map<string, Promise<JudgeReply<unknown>>>;

export interface MetricDefinition<TTrace extends { calls: CallRecord[] } = { calls: CallRecord[] }> {
  id: AnyMetricId;
  name: string;
  /** Inputs without which the metric is undefined (null, missing_input). */
  requires: readonly SampleInput[];
  usesEmbeddings: boolean;
  /** Whether these options need an embedding model (answer_correctness with similarity weight 0 does not); default usesEmbeddings. */
  needsEmbedder?(options: MetricOptions): boolean;
  /** Whether it asks a judge model at all (semantic_similarity only embeds). */
  usesJudge?: boolean;
  prompts: readonly PromptDef[];
  /**
   * The options this metric reads, validated (values may arrive as CLI text: "0.5", "true").
   * Absent: the metric takes no options. Parsing fills no defaults, so a report records what was set.
   */
  options?: z.ZodType<MetricOptions>;
  /** What each option is when not set: the one place the steps read their defaults from, and what the UI shows in an empty field. */
  defaults?: MetricOptions;
  /** Requests for one sample with these options (statement counts unknown: the usual case). */
  calls?(sample: Sample, options: MetricOptions): CallCount;
  /** The steps: calls through ctx.judge / ctx.embedder; returns the trace (without calls). */
  run(ctx: MetricContext): Promise<Omit<TTrace, "calls">>;
  /** Pure: the score from the trace alone, so any score can be recomputed from its report. */
  score(trace: TTrace): ScoreOutcome;
  /** One human sentence on why the score is what it is. */
  explain(trace: TTrace, outcome: ScoreOutcome): string;
  /**
   * The schema of the trace fields the score is computed from (its folder's trace.ts, tied to TTrace
   * at compile time): a report or stored result is checked with it before its score is recomputed.
   */
  traceFields: z.ZodType;
  /** What the score is computed from, in words, for a mismatch message ("statements", "tokens"). */
  traceItems: string;
}
