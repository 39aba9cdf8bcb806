/**
 * The judge's own noise, from a repeat-n run (every sample scored N times): how far a sample's
 * scores spread between runs, how often the runs disagree at all, and how much of all the variance
 * is the judge's rather than the samples'. Only samples with at least two scored runs count.
 */
export interface JudgeNoise {
  /** Samples with two or more scored runs. */
  samples: number;
  /** Pooled within-sample standard deviation: sqrt of the mean square within samples. */
  withinSd: number | null;
  /** Share of those samples whose runs did not all give the same score. */
  disagreeShare: number | null;
  /**
   * Within-sample variance / (within + between), the between-sample component estimated as one-way
   * random-effects ANOVA does ((MSB - MSW) / k0, floored at 0); null below two samples or with no variance at all.
   */
  judgeVarianceShare: number | null;
}

export function judgeNoise(runs: readonly (readonly (number | null)[])[]): JudgeNoise {
  const groups = runs.map((r) => r.filter((s): s is number => s !== null)).filter((g) => g.length >= 2);
  const a = groups.length;
  if (a === 0) return { samples: 0, withinSd: null, disagreeShare: null, judgeVarianceShare: null };
  let total = 0;
  let sumSq = 0;
  let ssWithin = 0;
  let ssBetweenRaw = 0;
  let disagree = 0;
  let grand = 0;
  const means: number[] = [];
  for (const g of groups) {
    const mean = g.reduce((x, y) => x + y, 0) / g.length;
    means.push(mean);
    for (const x of g) ssWithin += (x - mean) ** 2;
    if (g.some((x) => x !== g[0])) disagree++;
    total += g.length;
    sumSq += g.length * g.length;
    grand += mean * g.length;
  }
  grand /= total;
  groups.forEach((g, i) => {
    ssBetweenRaw += g.length * (means[i]! - grand) ** 2;
  });
  const msWithin = ssWithin / (total - a);
  let share: number | null = null;
  if (a >= 2) {
    const msBetween = ssBetweenRaw / (a - 1);
    const k0 = (total - sumSq / total) / (a - 1);
    const between = Math.max(0, (msBetween - msWithin) / k0);
    share = msWithin + between === 0 ? null : msWithin / (msWithin + between);
  }
  return { samples: a, withinSd: Math.sqrt(msWithin), disagreeShare: disagree / a, judgeVarianceShare: share };
}
