/** The engine's public surface: pure TypeScript + zod; it reaches no DOM, network, storage or logging. */
export { evaluate, type EvaluateConfig, type EvaluateHooks, type EvaluateOutput, type ResultEvent } from "./run/evaluate";
export { scoreMetric, missingInput } from "./run/score-metric";
export { summarize, summarizeScores, harmonicMean, usageOf, allCalls, type SampleResult, type Summary, type MetricSummary, type Usage } from "./run/aggregate";
export { Limiter } from "./run/limiter";
export { METRICS, getMetric, isMetricId, allPrompts, type MetricTraces } from "./metrics/registry";
export { METRIC_IDS, type MetricId, type MetricDefinition, type MetricOptions, type SampleField } from "./metrics/types";
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
export { scoreUnits, type WorkUnit, type UnitHooks } from "./run/evaluate";
export { runDataset, collectRun, type CollectedRun, type RunDatasetConfig, type RunDatasetHooks, type RunDatasetOutput } from "./run/run-dataset";
export { countAborted, type CountedPorts } from "./run/sent-requests";
export {
  memoryJournal,
  retryFailed,
  isRetryable,
  isFinished,
  latestEntries,
  entryKey,
  RETRYABLE_CODES,
  type JournalEntry,
  type RunJournal,
} from "./run/journal";
export { repeatStat, repeatSummary, sampleStats, std, type RepeatStat, type RepeatSummary, type MetricRuns } from "./run/repeat-stats";
