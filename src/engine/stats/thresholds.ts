import { wilsonInterval } from "./wilson";

/**
 * Thresholds, a CI gate (contract 14): a result passes when its score is on the right side of the
 * metric's threshold (at or above; at or below for a lower-is-better metric); a null fails, since
 * a gate must not be opened by a judge that did not answer.
 */
export function passes(score: number | null, threshold: number, lowerIsBetter: boolean): boolean {
  if (score === null) return false;
  return lowerIsBetter ? score <= threshold : score >= threshold;
}

export interface PassSummary {
  threshold: number;
  lowerIsBetter: boolean;
  /** Results that passed, of `n` (nulls count, as fails). */
  passed: number;
  n: number;
  /** passed / n; null with no results. */
  passRate: number | null;
  /** Wilson's 95% interval of the pass rate ([0, 1] with no results). */
  passRateCi95: [number, number];
  /** The mean is on the right side (the gate's exit code); null when there is no mean. */
  meanPasses: boolean | null;
}

export function passSummary(scores: readonly (number | null)[], mean: number | null, threshold: number, lowerIsBetter: boolean): PassSummary {
  const passed = scores.filter((s) => passes(s, threshold, lowerIsBetter)).length;
  const n = scores.length;
  return {
    threshold,
    lowerIsBetter,
    passed,
    n,
    passRate: n === 0 ? null : passed / n,
    passRateCi95: wilsonInterval(passed, n),
    meanPasses: mean === null ? null : passes(mean, threshold, lowerIsBetter),
  };
}
