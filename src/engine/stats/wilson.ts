/** z of a two-sided 95% interval (the standard normal's 0.975 quantile, as scipy gives it). */
const Z95 = 1.959963984540054;

/**
 * Wilson's score interval for `successes` of `n` (statsmodels proportion_confint, method
 * "wilson"). `successes` may be fractional (agreement counts a tie as half). n = 0 says nothing: [0, 1].
 */
export function wilsonInterval(successes: number, n: number, z: number = Z95): [number, number] {
  if (n <= 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [Math.max(0, center - half), Math.min(1, center + half)];
}
