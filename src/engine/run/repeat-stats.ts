import { std } from "../math/std";
import type { AnyMetricId } from "../metrics/types";
import type { MetricResult } from "../result";
import { summarizeScores, type MetricSummary, type Summary } from "./aggregate";
import { ragasScoreOfMeans } from "./ragas-score";

/**
 * Repeat-n statistics. A judge answers differently from run to run; scoring every sample N times
 * and averaging is what ragas users do by hand. Per sample and metric: the mean and standard
 * deviation of its N scores. Per metric: the usual summary over the per-sample means, their
 * standard deviation across samples, and the mean within-sample deviation (the judge's noise).
 */

export interface RepeatStat {
  /** Mean of the scored runs; null when every run was null. */
  mean: number | null;
  /** Sample standard deviation (n - 1) of the scored runs; null with fewer than two. */
  std: number | null;
  /** Scored runs. */
  n: number;
  nullCount: number;
  /** The code of the first null, for a sample whose every run was null. */
  code?: string;
}

export type MetricRuns = Partial<Record<AnyMetricId, MetricResult>>;

export interface RepeatSummary extends MetricSummary {
  /** Standard deviation of the per-sample means across samples. */
  std: number | null;
  /** Mean of the per-sample standard deviations over the repeats (null below two scored runs). */
  repeatStd: number | null;
}

/** What a stat needs of a result (a report's results have plain-string codes). */
export interface ScoredResult {
  score: number | null;
  error?: { code: string } | undefined;
}

export function repeatStat(results: readonly (ScoredResult | undefined)[]): RepeatStat {
  const present = results.filter((r): r is ScoredResult => r !== undefined);
  const scores = present.map((r) => r.score).filter((s): s is number => s !== null);
  const stat: RepeatStat = {
    mean: scores.length === 0 ? null : scores.reduce((a, b) => a + b, 0) / scores.length,
    std: std(scores),
    n: scores.length,
    nullCount: present.length - scores.length,
  };
  if (stat.mean === null) stat.code = present.find((r) => r.score === null)?.error?.code ?? "unknown";
  return stat;
}

/** Per sample (outer) and metric: the stats of its runs (runs[sample][repeat]). */
export function sampleStats(runs: readonly (readonly MetricRuns[])[], metricIds: readonly AnyMetricId[]): Partial<Record<AnyMetricId, RepeatStat>>[] {
  return runs.map((repeats) => Object.fromEntries(metricIds.map((id) => [id, repeatStat(repeats.map((r) => r[id]))])));
}

/** The run's summary over per-sample means (with one repeat, exactly evaluate's summary). */
export function repeatSummary(
  stats: readonly Partial<Record<AnyMetricId, RepeatStat>>[],
  metricIds: readonly AnyMetricId[],
): Summary & { metrics: Partial<Record<AnyMetricId, RepeatSummary>> } {
  const metrics: Partial<Record<AnyMetricId, RepeatSummary>> = {};
  for (const id of metricIds) {
    const rows = stats.map((s) => s[id]).filter((s): s is RepeatStat => s !== undefined);
    const base = summarizeScores(
      rows.map((r) => r.mean),
      rows.map((r) => r.code),
    );
    const means = rows.map((r) => r.mean).filter((m): m is number => m !== null);
    const noise = rows.map((r) => r.std).filter((s): s is number => s !== null);
    metrics[id] = { ...base, std: std(means), repeatStd: noise.length === 0 ? null : noise.reduce((a, b) => a + b, 0) / noise.length };
  }
  return { metrics, ragasScore: ragasScoreOfMeans(metricIds.map((id) => [id, metrics[id]?.mean])) };
}
