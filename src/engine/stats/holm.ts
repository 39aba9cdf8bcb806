/**
 * Holm's step-down adjustment (statsmodels multipletests, method "holm"): sort ascending, multiply
 * the i-th smallest by (m - i), carry the running maximum, cap at 1. Returned in the input's order.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((_, i) => i).sort((a, b) => pValues[a]! - pValues[b]! || a - b);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * pValues[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}
