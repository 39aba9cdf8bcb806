import type { AnyMetricId } from "../metrics/types";
import type { CallRecord, MetricResult } from "../result";
import { ragasScoreOfMeans } from "./ragas-score";

export { harmonicMean } from "./ragas-score";

export interface MetricSummary {
  mean: number | null;
  median: number | null;
  count: number;
  nullCount: number;
  /** How many nulls of each code, so a summary says why rows were skipped. */
  nullCodes: Record<string, number>;
}

export interface Usage {
  requests: number;
  chatRequests: number;
  embeddingRequests: number;
  cachedRequests: number;
  promptTokens: number;
  completionTokens: number;
}

export interface SampleResult {
  sampleId: string;
  metrics: Partial<Record<AnyMetricId, MetricResult>>;
}

export interface Summary {
  metrics: Partial<Record<AnyMetricId, MetricSummary>>;
  /** Harmonic mean of the judged metrics' means (the paper-era ragas_score); null with fewer than two means. */
  ragasScore: number | null;
}

export function summarizeScores(scores: readonly (number | null)[], codes: readonly (string | undefined)[] = []): MetricSummary {
  const values = scores.filter((s): s is number => s !== null).sort((a, b) => a - b);
  const nullCodes: Record<string, number> = {};
  scores.forEach((s, i) => {
    if (s === null) {
      const code = codes[i] ?? "unknown";
      nullCodes[code] = (nullCodes[code] ?? 0) + 1;
    }
  });
  const count = values.length;
  const mean = count === 0 ? null : values.reduce((a, b) => a + b, 0) / count;
  const mid = Math.floor(count / 2);
  const median = count === 0 ? null : count % 2 === 1 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
  return { mean, median, count, nullCount: scores.length - count, nullCodes };
}

export function summarize(results: readonly SampleResult[], metricIds: readonly AnyMetricId[]): Summary {
  const metrics: Summary["metrics"] = {};
  for (const id of metricIds) {
    const rows = results.map((r) => r.metrics[id]).filter((r): r is MetricResult => r !== undefined);
    metrics[id] = summarizeScores(
      rows.map((r) => r.score),
      rows.map((r) => r.error?.code),
    );
  }
  return { metrics, ragasScore: ragasScoreOfMeans(metricIds.map((id) => [id, metrics[id]?.mean])) };
}

/**
 * What the run cost as the provider counts it: every HTTP request (a call retried after a 429, a
 * 5xx or a cut-off reply made several), and every billed token (a cut-off reply's included).
 */
export function usageOf(calls: readonly CallRecord[]): Usage {
  const usage: Usage = { requests: 0, chatRequests: 0, embeddingRequests: 0, cachedRequests: 0, promptTokens: 0, completionTokens: 0 };
  for (const call of calls) {
    if (call.cached) usage.cachedRequests++;
    else {
      const requests = Math.max(1, call.attempts);
      usage.requests += requests;
      if (call.kind === "chat") usage.chatRequests += requests;
      else usage.embeddingRequests += requests;
    }
    usage.promptTokens += call.promptTokens;
    usage.completionTokens += call.completionTokens;
  }
  return usage;
}

export function allCalls(results: readonly SampleResult[]): CallRecord[] {
  return results.flatMap((r) => Object.values(r.metrics).flatMap((m) => (m ? m.trace.calls : [])));
}
