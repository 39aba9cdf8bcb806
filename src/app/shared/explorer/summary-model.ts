import type { AnyMetricId } from "../../../engine/metrics/types";
import { type MeanInterval, meanInterval } from "../../../engine/stats/interval";
import { type JudgeNoise, judgeNoise } from "../../../engine/stats/judge-noise";
import { passSummary } from "../../../engine/stats/thresholds";
import { lowerIsBetter } from "../results/labels";
import type { ExplorerRow } from "./rows";

/** What the summary shows of one metric beyond its mean: the interval, the pass rate, the judge's noise. */
export interface IntervalStats {
  ci95: [number, number] | null;
  ciMethod?: MeanInterval["ciMethod"];
  passRate?: { rate: number | null; ci95: [number, number]; pass: number; all: number; threshold: number };
  noise?: JudgeNoise;
}

/** One metric's scores over the rows shown, as the worker gets them (numbers only). */
export interface IntervalInput {
  metric: AnyMetricId;
  /** Run 1's score of each row the metric ran on (null = a coded null). */
  scores: (number | null)[];
  threshold?: number;
  /** Repeat-n: each row's scores over all its runs (run 1 first). */
  runs?: (number | null)[][];
}

/**
 * The score each row counts with: run 1's, or in a repeat-n run the mean of its scored runs (null
 * when every run was null), as the report's summary counts a sample: the interval and the pass
 * rate then describe the same numbers as the mean beside them, not run 1's draw of the judge.
 */
function rowScores(input: IntervalInput): (number | null)[] {
  if (!input.runs) return input.scores;
  return input.runs.map((runs) => {
    const scored = runs.filter((s): s is number => s !== null);
    return scored.length === 0 ? null : scored.reduce((a, b) => a + b, 0) / scored.length;
  });
}

export function intervalInputs(
  rows: readonly ExplorerRow[],
  metrics: readonly AnyMetricId[],
  thresholds: Readonly<Record<string, number>>,
  repeats: ReadonlyMap<string, readonly Record<string, { score: number | null }>[]> | null,
): IntervalInput[] {
  return metrics.map((metric) => {
    const ran = rows.filter((r) => r.metrics[metric] !== undefined);
    const threshold = thresholds[metric];
    const runs = repeats ? ran.map((r) => [r.metrics[metric]!.score, ...(repeats.get(r.sample.id) ?? []).map((rep) => rep[metric]?.score ?? null)]) : undefined;
    return {
      metric,
      scores: ran.map((r) => r.metrics[metric]!.score),
      ...(threshold !== undefined ? { threshold } : {}),
      ...(runs ? { runs } : {}),
    };
  });
}

/** Contract 14's numbers for each metric: the same report (and the same rows) always gives the same interval. */
export function intervalStatsOf(inputs: readonly IntervalInput[]): Record<string, IntervalStats> {
  return Object.fromEntries(
    inputs.map((input) => {
      const perRow = rowScores(input);
      const scored = perRow.filter((s): s is number => s !== null);
      const interval = meanInterval(input.metric, scored);
      const mean = scored.length ? scored.reduce((a, b) => a + b, 0) / scored.length : null;
      const stats: IntervalStats = { ci95: interval?.ci95 ?? null, ...(interval ? { ciMethod: interval.ciMethod } : {}) };
      if (input.threshold !== undefined) {
        const p = passSummary(perRow, mean, input.threshold, lowerIsBetter(input.metric));
        stats.passRate = { rate: p.passRate, ci95: p.passRateCi95, pass: p.passed, all: p.n, threshold: p.threshold };
      }
      if (input.runs) stats.noise = judgeNoise(input.runs);
      return [input.metric, stats];
    }),
  );
}
