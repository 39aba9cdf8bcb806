import type { Prediction, Side } from "./types";

/**
 * Agreement statistics (DESIGN.md contract 10). Pure arithmetic, tested on hand-made cases.
 */

/** z for a two-sided 95% interval: the 0.975 quantile of the standard normal. */
const Z95 = 1.959963984540054;

/** The side a method prefers: equal scores, or a null on either side, is a tie. */
export function predict(scoreA: number | null, scoreB: number | null): Prediction {
  if (scoreA === null || scoreB === null || scoreA === scoreB) return "tie";
  return scoreA > scoreB ? "a" : "b";
}

export interface Tally {
  n: number;
  correct: number;
  ties: number;
  /** (correct + ties / 2) / n: the expected accuracy when every tie is broken by a fair coin. */
  accuracy: number;
  ci95: [number, number];
}

export function tally(outcomes: readonly { predicted: Prediction | 0 | 1 | null; human: Side | 0 | 1 }[]): Tally {
  let correct = 0;
  let ties = 0;
  for (const o of outcomes) {
    if (o.predicted === "tie" || o.predicted === null) ties++;
    else if (o.predicted === o.human) correct++;
  }
  const n = outcomes.length;
  const accuracy = n === 0 ? 0 : (correct + ties / 2) / n;
  return { n, correct, ties, accuracy, ci95: wilson(accuracy, n) };
}

/**
 * Wilson score interval for a proportion p observed on n trials (95%). With ties counted half,
 * p may fall between k/n steps; the formula takes any p in [0, 1]. n = 0 says nothing: [0, 1].
 */
export function wilson(p: number, n: number, z: number = Z95): [number, number] {
  if (n <= 0) return [0, 1];
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

/**
 * Pearson's r; with one variable 0/1 it is the point-biserial correlation. Null when fewer than
 * two pairs or either variable is constant (r is undefined there, not 0).
 */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}
