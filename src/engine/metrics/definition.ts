import type { z } from "zod";
import type { Embedder, Judge, JudgeReply } from "../ports";
import type { PromptDef, ResolvedPrompt } from "../prompts/types";
import type { CallRecord, ScoreOutcome } from "../result";
import type { Sample, SampleInput } from "../sample";

/**
 * The shape of a metric (what its folder exports). It imports no metric and no registry, so every
 * folder can import it without a cycle; the id lists derived from the registry are in ./types.
 */

/** A user-defined judge (contract 11): `custom:` and a slug of lower-case letters, digits and - _. */
export type CustomMetricId = `custom:${string}`;

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
  /** tool_call_accuracy: whether the calls must come in the reference's order (contract 16). */
  order?: "strict" | "any";
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

/** Text in each UI language: the folder holds both, the app picks by language, the CLI and reports take `en`. */
export interface Localized<T = string> {
  en: T;
  zh: T;
}

/**
 * Which shelf a metric sits on: the paper's five (the default selection, contract 1), ragas's later
 * judge and embedding metrics, the judge-free text metrics, retrieval metrics (ranked ids), metrics
 * of a conversation, and the user's custom judges. The derived id lists (PAPER_METRIC_IDS...) read it.
 */
export type MetricFamily = "paper" | "ragas" | "text" | "retrieval" | "conversation" | "custom";

/** An option field the picker shows for a metric (its `options` schema checks the values). */
export type OptionField =
  | { key: "weights" | "beta" | "questions" | "strictness" | "k"; kind: "text" }
  | { key: "mode" | "atomicity" | "coverage" | "order"; kind: "select"; values: readonly string[] }
  | { key: "perContextCalls"; kind: "checkbox" };

/** One judged item of a trace, reduced to what the studio's before/after diff needs. */
export interface TraceDiffItem {
  /** Items with the same key are the same item in both traces (normalized text, or a context's index). */
  key: string;
  text: string;
  /** The verdict or flag (0/1), or a similarity. */
  value: number;
  reason?: string;
  /** Context number (1-based) the item belongs to, when it belongs to one. */
  context?: number;
}

/** How the studio diffs two traces of this metric: its items and how to read their values. */
export interface TraceDiffSpec<TTrace> {
  /** A 0/1 flag (compared exactly) or a similarity (compared to 2 decimals). */
  valueKind: "flag" | "similarity";
  /** A flag's words for 0 and 1 in each language (absent: the value is shown as a number). */
  flagNames?: Localized<readonly [string, string]>;
  /** Each item is a whole context (context precision): the studio names it "context n" instead of its text. */
  itemsAreContexts?: boolean;
  /** Pure: the items of a trace that has passed traceFields. */
  items(trace: TTrace): TraceDiffItem[];
}

/**
 * Everything per-metric besides its steps lives here, as data, so adding a metric is its folder plus
 * its line in the registry (src/engine/metrics/built-in.ts): the app and the CLI read names, shelf,
 * direction, option fields, batch rounds, the card's summary and the studio's diff from this.
 */
export interface MetricDefinition<TTrace extends { calls: CallRecord[] } = { calls: CallRecord[] }> {
  /** The metric id (contract 1): the key of its registry line, or `custom:<slug>`. */
  id: string;
  /** Its English name in reports, the CLI and the engine's reasons. */
  name: string;
  /** Its name in the UI, per language (`en` is the English accessible name: tests and users rely on it). */
  names: Localized;
  /** One line on what it measures, per language (the picker's hint). */
  descriptions: Localized;
  family: MetricFamily;
  /** A lower score is better (noise sensitivity counts errors): bands read the other way, the RAGAS score leaves it out. */
  lowerIsBetter?: boolean;
  /** Rounds a batch run needs when every reply is usable (0: no request, scored in the first pass). */
  batchRounds: number;
  /** The option fields the picker shows (absent: none). */
  optionFields?: readonly OptionField[];
  /**
   * Pure: the card's one-line "why" in each language, from counts of a trace that has passed
   * traceFields; undefined when there is nothing to count (the card shows the engine's reason).
   */
  summarize?(trace: TTrace): Localized | undefined;
  /** How the prompt studio diffs two of its traces (absent: nothing to diff, e.g. no prompt). */
  traceDiff?: TraceDiffSpec<TTrace>;
  /** Inputs without which the metric is undefined (null, missing_input). */
  requires: readonly SampleInput[];
  /** What the picker says it needs when that is not `requires` (the id metrics check their ids themselves when they run). */
  pickerInputs?: readonly string[];
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
