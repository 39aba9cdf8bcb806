import { LOWER_IS_BETTER } from "../../engine/metrics/types";
import { type CompareOptions, compareRuns, type MetricComparison, type ScoresById } from "../../engine/stats/compare";
import { type Report, metricSummaryOf } from "./report-schema";
import { sampleScores } from "./report-stats";

/**
 * The comparison of two reports of the same dataset (DESIGN.md contract 14), as `compare --out`
 * writes it and the app's Comparison table shows it:
 * `{ format: "ragas-playground/compare", version, base, candidate, alpha, minEffect, metrics: { <id>:
 * { n, baseMean, candidateMean, difference, ci95, test, p, pHolm, verdict, ... } } }`.
 */
const COMPARE_FORMAT = "ragas-playground/compare";
const COMPARE_VERSION = 1;

interface CompareSide {
  /** The file name (CLI) or the report's title (app). */
  name: string;
  createdAt: string;
  model: string;
}

export interface CompareFile {
  format: typeof COMPARE_FORMAT;
  version: number;
  base: CompareSide;
  candidate: CompareSide;
  alpha: number;
  minEffect: number;
  metrics: Record<string, MetricComparison>;
}

/** Metrics both reports hold, in the base's order. */
export function sharedMetrics(base: Report, candidate: Report): string[] {
  return base.config.metrics.filter((id) => candidate.config.metrics.includes(id) && metricSummaryOf(base.summary, id) !== undefined);
}

function scoresOf(report: Report, metricIds: readonly string[]): Map<string, ScoresById> {
  return new Map(metricIds.map((id) => [id, new Map(sampleScores(report.results, id).map((s) => [s.sampleId, s.score]))]));
}

export function buildCompareFile(
  base: { name: string; report: Report },
  candidate: { name: string; report: Report },
  metricIds: readonly string[],
  options: Omit<CompareOptions, "lowerIsBetter"> = {},
): CompareFile {
  const side = (s: { name: string; report: Report }): CompareSide => ({ name: s.name, createdAt: s.report.createdAt, model: s.report.config.model });
  const metrics = compareRuns(scoresOf(base.report, metricIds), scoresOf(candidate.report, metricIds), metricIds, {
    ...options,
    lowerIsBetter: (id) => LOWER_IS_BETTER.includes(id),
  });
  return {
    format: COMPARE_FORMAT,
    version: COMPARE_VERSION,
    base: side(base),
    candidate: side(candidate),
    alpha: options.alpha ?? 0.05,
    minEffect: options.minEffect ?? 0,
    metrics,
  };
}
