import { z } from "zod";
import { customJudgeSchema } from "../../engine/metrics/custom";
import { callRecordSchema, metricErrorSchema } from "../../engine/result";
import { sampleSchema } from "../../engine/sample";

/**
 * The report document, version 2 (DESIGN.md contract 5; version 2 adds optional fields only:
 * tracesOmitted for summary-only copies, repeat-n runs for contract 9). What the app exports and imports and
 * the CLI writes. There is deliberately no field for an API key anywhere in it; unknown config
 * fields are dropped on read, so a hand-edited key never reaches storage either.
 */

export const REPORT_FORMAT = "ragas-playground/report";
export const REPORT_VERSION = 2;

const count = z.number().int().min(0);

/** Metric-specific trace fields are checked per metric in report-check.ts; here only `calls`. */
const traceSchema = z.looseObject({ calls: z.array(callRecordSchema) });

export const metricResultSchema = z.object({
  score: z.number().min(0).max(1).nullable(),
  reason: z.string().optional(),
  error: metricErrorSchema.optional(),
  trace: traceSchema,
});

/** One sample's mean and standard deviation over the runs of a repeat-n run (v2). */
const repeatStatSchema = z.object({
  mean: z.number().min(0).max(1).nullable(),
  std: z.number().min(0).nullable(),
  /** Scored runs. */
  n: count,
  nullCount: count,
});

/** Where a sample's answer came from when a target was asked (contract 13): its status and latency, or its error. */
const targetStampSchema = z.object({
  status: z.number().int().optional(),
  ms: z.number().min(0),
  error: z.object({ code: z.literal("target_error"), message: z.string() }).optional(),
});

/** The target a run asked (its URL without credentials) and its latency percentiles over the answered samples. */
const reportTargetSchema = z.object({
  url: z.string(),
  method: z.string(),
  count,
  errorCount: count,
  p50Ms: z.number().min(0).nullable(),
  p95Ms: z.number().min(0).nullable(),
});

const sampleResultSchema = z.object({
  sampleId: z.string(),
  /** Set when the answer came from a target (score --target). */
  target: targetStampSchema.optional(),
  /** Run 1 (the only run without repeats). */
  metrics: z.record(z.string(), metricResultSchema),
  /** v2, repeat-n: runs 2..N, each like `metrics`. */
  repeats: z.array(z.record(z.string(), metricResultSchema)).optional(),
  /** v2, repeat-n: per metric, over all N runs. */
  stats: z.record(z.string(), repeatStatSchema).optional(),
});

const promptExampleSchema = z.object({
  input: z.record(z.string(), z.string()),
  output: z.unknown(),
});

/** The exact prompt text a run used, so a report explains its scores even after prompts change. */
export const reportPromptSchema = z.object({
  id: z.string().min(1),
  hash: z.string().min(1),
  instruction: z.string(),
  inputTemplate: z.string(),
  examples: z.array(promptExampleSchema),
  versionName: z.string().optional(),
});

/**
 * Every metric's options, one bag (engine MetricOptions). Each metric's own schema checks its
 * keys when a run starts; a report only has to keep them, so unknown keys from a newer version
 * are dropped rather than refusing the file.
 */
const metricOptionsSchema = z.object({
  questions: z.number().int().min(1).optional(),
  perContextCalls: z.boolean().optional(),
  weights: z.tuple([z.number().min(0), z.number().min(0)]).optional(),
  mode: z.string().optional(),
  beta: z.number().positive().optional(),
  atomicity: z.enum(["low", "high"]).optional(),
  coverage: z.enum(["low", "high"]).optional(),
  strictness: z.number().int().min(1).optional(),
});

export const reportConfigSchema = z.object({
  baseURL: z.string(),
  model: z.string(),
  embeddingModel: z.string().optional(),
  embeddingBaseURL: z.string().optional(),
  concurrency: z.number().int().min(1),
  metrics: z.array(z.string()),
  /** The options each metric ran with (what was set; defaults are the metric's): shown beside its score. */
  metricOptions: z.record(z.string(), metricOptionsSchema).optional(),
  /** The custom judges among config.metrics (`custom:<slug>`), as defined when the run started. */
  customJudges: z.array(customJudgeSchema).optional(),
  temperature: z.number().optional(),
  prompts: z.array(reportPromptSchema),
  /** v2: every sample scored this many times (absent = 1). */
  repeat: z.number().int().min(1).optional(),
});

const metricSummarySchema = z.object({
  mean: z.number().min(0).max(1).nullable(),
  median: z.number().min(0).max(1).nullable(),
  count,
  nullCount: count,
  /** How many nulls of each code. */
  nullCodes: z.record(z.string(), count).optional(),
  /** v2: standard deviation (n - 1) of the per-sample scores (with repeats: per-sample means). */
  std: z.number().min(0).nullable().optional(),
  /** v2, repeat-n: mean over samples of each sample's standard deviation across its runs (judge noise). */
  repeatStd: z.number().min(0).nullable().optional(),
});

/**
 * `{ <metric id>: { mean, median, count, nullCount }, ragasScore }`. With repeats, each sample
 * counts once, by the mean of its runs.
 */
const reportSummarySchema = z.object({ ragasScore: z.number().min(0).max(1).nullable() }).catchall(metricSummarySchema);

export const reportUsageSchema = z.object({
  requests: count,
  chatRequests: count.optional(),
  embeddingRequests: count.optional(),
  cachedRequests: count.optional(),
  promptTokens: count,
  completionTokens: count,
  /** Wall time of the run. */
  wallMs: z.number().min(0).optional(),
  /** Most requests in flight at once. */
  peakInFlight: count.optional(),
});

export const generatorSchema = z.object({ name: z.string(), version: z.string() });

export const reportSchema = z.object({
  format: z.literal(REPORT_FORMAT),
  version: z.literal(REPORT_VERSION),
  createdAt: z.iso.datetime({ offset: true }),
  generator: generatorSchema,
  config: reportConfigSchema,
  samples: z.array(sampleSchema),
  results: z.array(sampleResultSchema),
  summary: reportSummarySchema,
  usage: reportUsageSchema,
  /**
   * v2: set on a "summary only" copy (a share link too long with its traces): every trace is
   * reduced to `{ calls: [] }` and config.prompts to [], so scores cannot be recomputed and the
   * cross-check skips that step. Absent on a full report.
   */
  tracesOmitted: z.literal(true).optional(),
  /**
   * What the report is called where it is shown ("WikiEval · run 3"): set when a dataset run is
   * opened in Reports, and carried by its exports and share links so a colleague sees the same
   * name. Optional, so every older file still reads; an older app drops it.
   */
  title: z.string().min(1).max(300).optional(),
  /** Set when the answers came from asking a target (score --target, the app's "Ask your system"). */
  target: reportTargetSchema.optional(),
});

export type MetricSummaryDoc = z.infer<typeof metricSummarySchema>;
/**
 * The summary keeps contract 5's flat shape; TypeScript cannot say "every key but ragasScore is a
 * metric summary", so reading one goes through metricSummaryOf.
 */
export type ReportSummary = { ragasScore: number | null; [metricId: string]: MetricSummaryDoc | number | null };
export type Report = Omit<z.infer<typeof reportSchema>, "summary"> & { summary: ReportSummary };

export function metricSummaryOf(summary: ReportSummary, metricId: string): MetricSummaryDoc | undefined {
  const value = metricId === "ragasScore" ? undefined : summary[metricId];
  return value !== null && typeof value === "object" ? value : undefined;
}
export type ReportPrompt = z.infer<typeof reportPromptSchema>;
export type ReportMetricResult = z.infer<typeof metricResultSchema>;
