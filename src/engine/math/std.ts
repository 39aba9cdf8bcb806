/**
 * Sample standard deviation (n - 1), the one the repeat-n summaries, the report check and the
 * results explorer all show; null with fewer than two values (one score has no spread).
 */
export function std(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sq = values.reduce((sum, v) => sum + (v - mean) ** 2, 0);
  return Math.sqrt(sq / (values.length - 1));
}
