/**
 * McNemar's exact test on paired 0/1 outcomes (statsmodels mcnemar, exact=True): only the discordant
 * pairs count; with b pairs 1 -> 0 and c pairs 0 -> 1, p = 2 * P(X <= min(b, c)) for X ~ Bin(b + c,
 * 1/2), capped at 1. Summed in log space so thousands of pairs do not underflow.
 */
export function mcnemarExactP(b: number, c: number): number {
  const n = b + c;
  const k = Math.min(b, c);
  if (n === 0) return 1;
  // log C(n, j) - n ln 2, built up from j = 0.
  let logTerm = -n * Math.LN2;
  const logs: number[] = [logTerm];
  for (let j = 1; j <= k; j++) {
    logTerm += Math.log((n - j + 1) / j);
    logs.push(logTerm);
  }
  const top = Math.max(...logs);
  const cdf = Math.exp(top) * logs.reduce((sum, l) => sum + Math.exp(l - top), 0);
  return Math.min(1, 2 * cdf);
}

/** The discordant counts of paired 0/1 scores: b = base 1, candidate 0; c = base 0, candidate 1. */
export function discordant(base: ArrayLike<number>, candidate: ArrayLike<number>): { b: number; c: number } {
  let b = 0;
  let c = 0;
  for (let i = 0; i < base.length; i++) {
    if (base[i] === 1 && candidate[i] === 0) b++;
    else if (base[i] === 0 && candidate[i] === 1) c++;
  }
  return { b, c };
}
