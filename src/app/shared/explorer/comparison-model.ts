import type { AnyMetricId } from "../../../engine/metrics/types";
import { compareRuns, type MetricComparison, type ScoresById } from "../../../engine/stats/compare";
import type { Report } from "../../../storage/format/report-schema";
import { lowerIsBetter } from "../results/labels";

/** One metric's row of the Comparison table: the engine's numbers (contract 14) and the metric's id. */
export type MetricComparisonView = MetricComparison & { metric: AnyMetricId };

/** Per metric, each sample's score by id (run 1 of a repeat-n run: the one every report has). */
export type ScoresByMetric = Map<string, Map<string, number | null>>;

/**
 * What the comparison needs of a report, and all it sends to the worker: scores, not traces (a
 * report's traces can be megabytes; its scores are a few numbers per sample).
 */
export function scoresOf(report: Report, metrics: readonly AnyMetricId[]): ScoresByMetric {
  const out: ScoresByMetric = new Map(metrics.map((m) => [m, new Map<string, number | null>()]));
  for (const r of report.results)
    for (const m of metrics) {
      const result = r.metrics[m];
      // A metric not run on a sample is not a pair either: only results (scored or coded nulls) count.
      if (result) out.get(m)!.set(r.sampleId, result.score);
    }
  return out;
}

export interface ComparisonInput {
  base: ScoresByMetric;
  candidate: ScoresByMetric;
  metrics: AnyMetricId[];
  alpha: number;
  minEffect: number;
}

/** Contract 14's comparison of B (candidate) against A (base), in the metrics' order. */
export function comparisonOf(input: ComparisonInput): MetricComparisonView[] {
  const base: ReadonlyMap<string, ScoresById> = input.base;
  const result = compareRuns(base, input.candidate, input.metrics, { alpha: input.alpha, minEffect: input.minEffect, lowerIsBetter });
  return input.metrics.map((metric) => ({ ...result[metric]!, metric }));
}
