import { bootstrapMeanInterval } from "./bootstrap";
import { seedFrom } from "./prng";
import { wilsonInterval } from "./wilson";

/** How a summary's interval was made (contract 14). */
type CiMethod = "wilson" | "bootstrap";

export interface MeanInterval {
  ci95: [number, number];
  ciMethod: CiMethod;
}

/** Every score is 0 or 1 (a verdict metric such as exact_match): a proportion, not a mean of a spread. */
export function allBinary(values: ArrayLike<number>): boolean {
  for (let i = 0; i < values.length; i++) if (values[i] !== 0 && values[i] !== 1) return false;
  return true;
}

/**
 * The 95% interval of a metric's mean over its non-null scores (contract 14): Wilson's when every
 * score is 0 or 1, else a percentile bootstrap over samples seeded from the metric id and the scores
 * themselves, so the same report gives the same interval wherever it is opened. Null for no scores.
 */
export function meanInterval(metricId: string, scores: readonly number[], resamples?: number): MeanInterval | null {
  if (scores.length === 0) return null;
  if (allBinary(scores)) {
    const ones = scores.reduce((a, b) => a + b, 0);
    return { ci95: wilsonInterval(ones, scores.length), ciMethod: "wilson" };
  }
  const seed = seedFrom(metricId, scores);
  return { ci95: bootstrapMeanInterval(scores, { seed, ...(resamples !== undefined ? { resamples } : {}) }), ciMethod: "bootstrap" };
}
