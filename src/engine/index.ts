/** The engine's public surface: pure TypeScript + zod; it reaches no DOM, network, storage or logging. */
export { evaluate, type EvaluateConfig, type EvaluateHooks, type EvaluateOutput, type ResultEvent } from "./run/evaluate";
export { scoreMetric, missingInput } from "./run/score-metric";
export { summarize, summarizeScores, harmonicMean, usageOf, allCalls, type SampleResult, type Summary, type MetricSummary, type Usage } from "./run/aggregate";
export { Limiter } from "./run/limiter";
export { METRICS, getMetric, isMetricId, isBuiltInMetricId, isKnownMetricId, allPrompts, type MetricTraces } from "./metrics/registry";
export {
  METRIC_IDS,
  PAPER_METRIC_IDS,
  JUDGE_METRIC_IDS,
  BUILT_IN_METRIC_IDS,
  LOWER_IS_BETTER,
  countsInRagasScore,
  type MetricId,
  type AnyMetricId,
  type BuiltInMetricId,
  type CustomMetricId,
  type CallCount,
  type MetricDefinition,
  type MetricOptions,
  type SampleField,
} from "./metrics/types";
export { parseMetricOptions, callsPerSample, type OptionsResult } from "./metrics/options";
export {
  customJudgeSchema,
  customJudgeMetric,
  customJudgePrompt,
  customId,
  isCustomId,
  slugify,
  scoreCustomJudge,
  CUSTOM_PREFIX,
  JUDGE_INPUTS,
  type CustomJudge,
  type CustomJudgeInput,
  type CustomJudgeTrace,
  type Vote,
} from "./metrics/custom";
export { normalizeSample, sampleSchema, rawSampleSchema, type Sample, type RawSample, type SampleIssue } from "./sample";
export {
  MetricError,
  isMetricError,
  type CallRecord,
  type ErrorCode,
  type MetricErrorInfo,
  type MetricResult,
  type OutputMode,
  type ScoreOutcome,
} from "./result";
export type { ChatMessage, Embedder, EmbedReply, EmbedRequest, Judge, JudgeOutputSpec, JudgeReply, JudgeRequest } from "./ports";
export type { PromptDef, PromptExample, PromptOverride, PromptOverrides, ResolvedPrompt } from "./prompts/types";
export { resolvePrompt, promptHash, validatePrompt, type PromptIssue } from "./prompts/resolve";
export { renderMessages, renderSystem, renderFormatNote } from "./prompts/render";
export { checkTemplate, findVariables, fillTemplate, type TemplateIssue } from "./prompts/template";
export { type SentenceSpan, splitSentenceSpans, splitSentences } from "./text/sentences";
export { sha256Hex, canonicalJson } from "./text/sha256";
export { recomputeScore } from "./recompute";
export type { FaithfulnessTrace } from "./metrics/faithfulness/score";
export type { AnswerRelevancyTrace } from "./metrics/answer_relevancy/score";
export type { ContextRelevanceTrace } from "./metrics/context_relevance/score";
export { precisionAtK, averagePrecision, type ContextPrecisionTrace } from "./metrics/context_precision/score";
export type { ContextRecallTrace } from "./metrics/context_recall/score";
export { factualityF1, type AnswerCorrectnessTrace } from "./metrics/answer_correctness/score";
export { fBeta, type FactualCorrectnessTrace } from "./metrics/factual_correctness/score";
export { noisyStatements, type NoiseSensitivityTrace } from "./metrics/noise_sensitivity/score";
export { entityKey, matchedEntities, type ContextEntityRecallTrace } from "./metrics/context_entity_recall/score";
export type { SemanticSimilarityTrace } from "./metrics/semantic_similarity/score";
export { scoreUnits, type WorkUnit, type UnitHooks } from "./run/evaluate";
export { runDataset, collectRun, type CollectedRun, type RunDatasetConfig, type RunDatasetHooks, type RunDatasetOutput } from "./run/run-dataset";
export { memoryJournal, retryFailed, isRetryable, latestEntries, entryKey, RETRYABLE_CODES, type JournalEntry, type RunJournal } from "./run/journal";
export { repeatStat, repeatSummary, sampleStats, std, type RepeatStat, type RepeatSummary, type MetricRuns } from "./run/repeat-stats";
