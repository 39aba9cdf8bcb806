import { isMetricId, METRICS } from "../metrics/registry";
import { needsNoModel } from "../metrics/shared/text-metric";
import { LOWER_IS_BETTER } from "../metrics/types";

/**
 * Which metrics the RAGAS score (the harmonic mean of metric means) counts: the judged ones. A
 * text-overlap metric (bleu, exact_match, ...) measures wording, not RAG quality, and one exact
 * match of 0 would make the harmonic mean 0; it is reported beside the RAGAS score, not in it.
 * A lower-is-better metric (noise sensitivity) would pull it the wrong way: reported on its own too.
 */
export function countsInRagasScore(metricId: string): boolean {
  if (LOWER_IS_BETTER.includes(metricId)) return false;
  return !isMetricId(metricId) || !needsNoModel(METRICS[metricId]);
}

/** The RAGAS score of these metric means: harmonic mean over the metrics that count. */
export function ragasScoreOfMeans(means: readonly (readonly [metricId: string, mean: number | null | undefined])[]): number | null {
  return harmonicMean(means.filter(([id, mean]) => typeof mean === "number" && countsInRagasScore(id)).map(([, mean]) => mean as number));
}

/**
 * n / sum(1 / mean). A zero mean makes the whole score 0 (the harmonic mean's limit), which is
 * what the paper-era 1e-10 guard approximated.
 */
export function harmonicMean(means: readonly number[]): number | null {
  if (means.length < 2) return null;
  if (means.some((m) => m <= 0)) return 0;
  return means.length / means.reduce((sum, m) => sum + 1 / m, 0);
}
