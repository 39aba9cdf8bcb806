import { getMetric } from "../../engine/metrics/registry";
import type { CustomJudge } from "../../engine/metrics/custom";
import type { AnyMetricId, MetricOptions } from "../../engine/metrics/types";
import { resolvePrompt } from "../../engine/prompts/resolve";
import type { PromptOverrides } from "../../engine/prompts/types";
import type { CallRecord } from "../../engine/result";
import type { EvaluateOutput } from "../../engine/run/evaluate";
import type { MetricRuns, RepeatStat } from "../../engine/run/repeat-stats";
import type { Sample } from "../../engine/sample";
import { targetSummary } from "../../engine/target/latency";
import { type TargetOutcome, targetStamp } from "../../engine/target/outcome";
import { sanitizeUrl, scrubSecrets, stripKeyLike } from "./redact";
import { withStatistics } from "./report-stats";
import type { SampleResult } from "../../engine/run/aggregate";
import { type MetricSummaryDoc, REPORT_FORMAT, REPORT_VERSION, reportConfigSchema, type Report, type ReportPrompt, type ReportSummary } from "./report-schema";

interface ReportConfigInput {
  baseURL: string;
  model: string;
  embeddingModel?: string;
  embeddingBaseURL?: string;
  concurrency: number;
  metrics: readonly string[];
  metricOptions?: Partial<Record<string, MetricOptions>>;
  /** The definitions of the custom judges among `metrics`. */
  customJudges?: readonly CustomJudge[];
  temperature?: number;
  prompts: ReportPrompt[];
  /** Repeat-n: how many times every sample was scored (left out when 1). */
  repeat?: number;
  /** The CI gate's threshold per metric (contract 14): marks each result's `pass` and adds the pass rate. */
  thresholds?: Record<string, number>;
  /** Anything else (e.g. a spread transport config) is dropped, key-like fields first. */
  [extra: string]: unknown;
}

export interface BuildReportInput {
  samples: readonly Sample[];
  /**
   * evaluate()'s output, or runDataset()'s: its `runs` (per sample, per repeat) and `stats` go into
   * results[].repeats and .stats when a sample ran more than once, and a summary's `std` and
   * `repeatStd` are kept.
   */
  output: Pick<EvaluateOutput, "results" | "summary" | "usage"> & {
    peakInFlight?: number;
    runs?: readonly (readonly MetricRuns[])[];
    stats?: readonly Partial<Record<string, RepeatStat>>[];
  };
  config: ReportConfigInput;
  generator: { name: string; version: string };
  createdAt?: Date;
  wallMs?: number;
  /** Secret values (the API keys in use) to scrub from every string of the report. */
  redact?: readonly string[];
  /** Keep each call's full messages and reply (large: the prompts are already in config). */
  keepCallText?: boolean;
  /** The target asked for the answers (contract 13): its URL (credentials removed here), method, and outcomes[i] for samples[i]. */
  target?: { url: string; method: string; outcomes: readonly (TargetOutcome | undefined)[] };
}

/**
 * The prompts a set of metrics runs with, as resolved with the user's overrides, each once
 * (answer correctness, factual correctness and noise sensitivity share faithfulness's statement
 * prompts), custom judges' prompts included.
 */
export function promptsUsed(metricIds: readonly AnyMetricId[], overrides: PromptOverrides = {}, customJudges: readonly CustomJudge[] = []): ReportPrompt[] {
  const seen = new Set<string>();
  return metricIds.flatMap((id) =>
    getMetric(id, customJudges)
      .prompts.filter((base) => !seen.has(base.id) && seen.add(base.id))
      .map((base) => {
        const p = resolvePrompt(base, overrides[base.id]);
        const out: ReportPrompt = { id: p.id, hash: p.hash, instruction: p.instruction, inputTemplate: p.inputTemplate, examples: p.examples };
        if (p.versionName) out.versionName = p.versionName;
        return out;
      }),
  );
}

export function buildReport(input: BuildReportInput): Report {
  const { output } = input;
  // Prompt texts are the user's own words, kept verbatim; everything else loses key-like fields.
  const { prompts, ...rest } = input.config;
  const config = reportConfigSchema.parse({ ...stripKeyLike(rest), prompts });
  config.baseURL = sanitizeUrl(config.baseURL);
  if (config.embeddingBaseURL) config.embeddingBaseURL = sanitizeUrl(config.embeddingBaseURL);

  const summary: ReportSummary = { ragasScore: output.summary.ragasScore };
  const repeated = output.runs?.some((r) => r.length > 1) === true;
  for (const [id, s] of Object.entries(output.summary.metrics)) {
    if (!s) continue;
    const doc: MetricSummaryDoc = { mean: s.mean, median: s.median, count: s.count, nullCount: s.nullCount, nullCodes: { ...s.nullCodes } };
    const spread = s as { std?: number | null; repeatStd?: number | null };
    if (spread.std !== undefined) doc.std = spread.std;
    if (repeated && spread.repeatStd !== undefined) doc.repeatStd = spread.repeatStd;
    summary[id] = doc;
  }

  const report: Report = {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    createdAt: (input.createdAt ?? new Date()).toISOString(),
    generator: { name: input.generator.name, version: input.generator.version },
    config,
    samples: input.samples.map(copySample),
    results: output.results.map((r, i) => {
      const row: Report["results"][number] = { sampleId: r.sampleId, metrics: reportMetrics(r.metrics, input.keepCallText === true) };
      const asked = input.target?.outcomes[i];
      if (asked) row.target = targetStamp(asked);
      const runs = output.runs?.[i];
      if (runs && runs.length > 1) {
        row.repeats = runs.slice(1).map((metrics) => reportMetrics(metrics, input.keepCallText === true));
        const stats = output.stats?.[i] ?? {};
        row.stats = Object.fromEntries(
          Object.entries(stats)
            .filter(([, st]) => st !== undefined)
            .map(([id, st]) => [id, { mean: st!.mean, std: st!.std, n: st!.n, nullCount: st!.nullCount }]),
        );
      }
      return row;
    }),
    summary,
    usage: {
      ...output.usage,
      ...(input.wallMs !== undefined ? { wallMs: Math.round(input.wallMs) } : {}),
      ...(output.peakInFlight !== undefined ? { peakInFlight: output.peakInFlight } : {}),
    },
  };
  if (input.target) {
    const asked = input.target.outcomes.filter((o): o is TargetOutcome => o !== undefined);
    report.target = { url: sanitizeUrl(input.target.url), method: input.target.method, ...targetSummary(asked) };
  }
  return scrubSecrets(withStatistics(report), input.redact ?? []);
}

type ReportMetrics = Report["results"][number]["metrics"];

function reportMetrics(metrics: SampleResult["metrics"], keepText: boolean): ReportMetrics {
  return Object.fromEntries(
    Object.entries(metrics)
      .filter(([, m]) => m !== undefined)
      .map(([id, m]) => {
        const result: ReportMetrics[string] = {
          score: m!.score,
          trace: { ...m!.trace, calls: m!.trace.calls.map((c) => slimCall(c, keepText)) },
        };
        if (m!.reason !== undefined) result.reason = m!.reason;
        if (m!.error) result.error = { code: m!.error.code, message: m!.error.message };
        return [id, result];
      }),
  );
}

/** The report as the file holds it: two-space JSON with a final newline. */
export function serializeReport(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

function copySample(s: Sample): Sample {
  const out: Sample = { id: s.id, question: s.question, answer: s.answer, contexts: [...s.contexts] };
  if (s.reference !== undefined) out.reference = s.reference;
  // A conversation's turns, calls and topics (contract 16): structuredClone, so the report owns them.
  if (s.messages !== undefined) out.messages = structuredClone(s.messages);
  if (s.referenceToolCalls !== undefined) out.referenceToolCalls = structuredClone(s.referenceToolCalls);
  if (s.referenceTopics !== undefined) out.referenceTopics = [...s.referenceTopics];
  if (s.retrievedContextIds) out.retrievedContextIds = [...s.retrievedContextIds];
  if (s.referenceContextIds) out.referenceContextIds = [...s.referenceContextIds];
  if (s.referenceContextGrades) out.referenceContextGrades = { ...s.referenceContextGrades };
  return out;
}

function slimCall(call: CallRecord, keepText: boolean): CallRecord {
  const { messages, reply, ...rest } = call;
  if (!keepText) return { ...rest };
  return { ...rest, ...(messages ? { messages } : {}), ...(reply !== undefined ? { reply } : {}) };
}
