/** The engine's public surface: pure TypeScript + zod; it reaches no DOM, network, storage or logging. */
export { evaluate } from "./run/evaluate";
export { type MissingInput, missingField, missingInput } from "./run/score-metric";
export { summarize, usageOf, allCalls, type Usage } from "./run/aggregate";
export { METRICS, getMetric, isMetricId, allPrompts, metricShape, type MetricTraces } from "./metrics/registry";
export {
  METRIC_IDS,
  PAPER_METRIC_IDS,
  JUDGE_METRIC_IDS,
  RETRIEVAL_METRIC_IDS,
  type MetricId,
  type AnyMetricId,
  type MetricOptions,
  type MetricDefinition,
  type OptionField,
  type Localized,
  type TraceDiffItem,
} from "./metrics/types";
export { callsPerSample, parseMetricOptions } from "./metrics/options";
export {
  customId,
  customJudgePrompt,
  MAX_STRICTNESS,
  type CustomJudge,
  type CustomJudgeInput,
  customJudgeSchema,
  freeSlug,
  isCustomId,
  judgeIssues,
  slugify,
  scoreCustomJudge,
  type CustomJudgeTrace,
} from "./metrics/custom";
export type { Sample } from "./sample";
export {
  MetricError,
  type CallRecord,
  type MetricResult,
} from "./result";
export type { ChatMessage, Embedder, Judge, JudgeOutputSpec, JudgeRequest } from "./ports";
export type { PromptDef, PromptExample, PromptOverride, PromptOverrides } from "./prompts/types";
export { resolvePrompt, promptHash, validatePrompt } from "./prompts/resolve";
export { renderMessages } from "./prompts/render";
export { checkTemplate } from "./prompts/template";
export { splitSentences } from "./text/sentences";
export { sha256Hex, canonicalJson } from "./text/sha256";
export type { FaithfulnessTrace } from "./metrics/faithfulness/score";
export type { AnswerRelevancyTrace } from "./metrics/answer_relevancy/score";
export { MAX_QUESTION_COUNT } from "./metrics/answer_relevancy";
export type { ContextRelevanceTrace } from "./metrics/context_relevance/score";
export { precisionAtK, type ContextPrecisionTrace } from "./metrics/context_precision/score";
export type { ContextRecallTrace } from "./metrics/context_recall/score";
export { needsNoModel } from "./metrics/shared/text-metric";
export { isRankedTrace, MAX_RANK_CUTOFF } from "./metrics/shared/retrieval-metric";
export { clippedUnigramMarks, type BleuTrace } from "./metrics/bleu/score";
export type { ChrfTrace } from "./metrics/chrf/score";
export { lcsMarks, type RougeLTrace } from "./metrics/rouge_l/score";
export type { StringSimilarityTrace } from "./metrics/string_similarity/score";
export type { ExactMatchTrace } from "./metrics/exact_match/score";
export type { StringPresenceTrace } from "./metrics/string_presence/score";
export { countsInRagasScore, ragasScoreOfMeans } from "./run/ragas-score";
export type { AnswerCorrectnessTrace } from "./metrics/answer_correctness/score";
export type { FactualCorrectnessTrace } from "./metrics/factual_correctness/score";
export { noisyStatements, type NoiseSensitivityTrace } from "./metrics/noise_sensitivity/score";
export { entityKey } from "./metrics/context_entity_recall/score";
export { runDataset, collectRun, type RunDatasetHooks } from "./run/run-dataset";
export { memoryJournal, retryFailed, isRetryable, isFinished, type JournalEntry } from "./run/journal";
export { recomputeScore } from "./recompute";
export { countAborted } from "./run/sent-requests";
