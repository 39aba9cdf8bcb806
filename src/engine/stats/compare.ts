import { std } from "../math/std";
import { bootstrapMeanInterval } from "./bootstrap";
import { holmAdjust } from "./holm";
import { allBinary } from "./interval";
import { discordant, mcnemarExactP } from "./mcnemar";
import { samplesNeeded } from "./power";
import { seedFrom } from "./prng";
import { signFlipP } from "./sign-flip";

/**
 * Two runs of the same dataset, metric by metric (contract 14): is the candidate better, worse, or
 * not detectably different from the base? Pure: every random draw comes from a generator seeded by
 * the metric id and the paired differences, so the same two reports always give the same answer.
 */

export type Verdict = "better" | "worse" | "no detectable difference";
type PairedTest = "mcnemar" | "sign-flip";

/** One run's scores for one metric, by sample id (in the run's order; null = a coded null). */
export type ScoresById = ReadonlyMap<string, number | null>;

export interface CompareOptions {
  /** Default 0.05. */
  alpha?: number;
  /** A difference smaller than this is never a verdict (default 0). */
  minEffect?: number;
  /** Metrics where lower is better: there, a rise is "worse". */
  lowerIsBetter?: (metricId: string) => boolean;
  /** Bootstrap resamples (default 10,000) and random sign flips (default 100,000); tests may lower them. */
  resamples?: number;
  flips?: number;
}

export interface MetricComparison {
  /** Pairs with both scores non-null. */
  n: number;
  /** Samples on both sides where either score is null: left out of the pairs. */
  nullPairs: number;
  /** Sample ids on one side only: left out. */
  unmatched: number;
  baseMean: number | null;
  candidateMean: number | null;
  /** mean(candidate - base) over the pairs. */
  difference: number | null;
  /** Paired percentile bootstrap of the difference. */
  ci95: [number, number] | null;
  test: PairedTest;
  /** Two-sided; null without pairs. */
  p: number | null;
  /** Holm's adjustment across the metrics compared. */
  pHolm: number | null;
  verdict: Verdict;
  lowerIsBetter: boolean;
  /** Standard deviation of the paired differences. */
  sdDifference: number | null;
  /** About how many pairs a difference of 0.05 would need (power 0.8 at alpha). */
  samplesFor005: number | null;
}

export function compareRuns(
  base: ReadonlyMap<string, ScoresById>,
  candidate: ReadonlyMap<string, ScoresById>,
  metricIds: readonly string[],
  options: CompareOptions = {},
): Record<string, MetricComparison> {
  const alpha = options.alpha ?? 0.05;
  const minEffect = options.minEffect ?? 0;
  const rows = metricIds.map((id) => pairedTest(id, base.get(id) ?? new Map(), candidate.get(id) ?? new Map(), options, alpha));
  const tested = rows.map((r, i) => [r, i] as const).filter(([r]) => r.p !== null);
  const adjusted = holmAdjust(tested.map(([r]) => r.p!));
  tested.forEach(([r], k) => {
    r.pHolm = adjusted[k]!;
  });
  for (const r of rows) r.verdict = verdictOf(r, alpha, minEffect);
  return Object.fromEntries(metricIds.map((id, i) => [id, rows[i]!]));
}

function verdictOf(r: MetricComparison, alpha: number, minEffect: number): Verdict {
  if (r.pHolm === null || r.difference === null || r.difference === 0) return "no detectable difference";
  if (!(r.pHolm < alpha) || Math.abs(r.difference) < minEffect) return "no detectable difference";
  const improved = r.lowerIsBetter ? r.difference < 0 : r.difference > 0;
  return improved ? "better" : "worse";
}

function pairedTest(metricId: string, base: ScoresById, candidate: ScoresById, options: CompareOptions, alpha: number): MetricComparison {
  const b: number[] = [];
  const c: number[] = [];
  let nullPairs = 0;
  let unmatched = 0;
  for (const [id, score] of base) {
    if (!candidate.has(id)) unmatched++;
    else {
      const other = candidate.get(id)!;
      if (score === null || other === null) nullPairs++;
      else {
        b.push(score);
        c.push(other);
      }
    }
  }
  for (const id of candidate.keys()) if (!base.has(id)) unmatched++;
  const n = b.length;
  const binary = allBinary(b) && allBinary(c);
  const lowerIsBetter = options.lowerIsBetter?.(metricId) ?? false;
  const empty: MetricComparison = {
    n,
    nullPairs,
    unmatched,
    baseMean: null,
    candidateMean: null,
    difference: null,
    ci95: null,
    test: binary && n > 0 ? "mcnemar" : "sign-flip",
    p: null,
    pHolm: null,
    verdict: "no detectable difference",
    lowerIsBetter,
    sdDifference: null,
    samplesFor005: null,
  };
  if (n === 0) return empty;
  const diffs = new Float64Array(n);
  for (let i = 0; i < n; i++) diffs[i] = c[i]! - b[i]!;
  const mean = (xs: ArrayLike<number>) => Array.from(xs).reduce((x, y) => x + y, 0) / xs.length;
  const seed = seedFrom(`compare ${metricId}`, diffs);
  const ci95 = bootstrapMeanInterval(diffs, { seed, ...(options.resamples !== undefined ? { resamples: options.resamples } : {}) });
  let p: number;
  if (binary) {
    const { b: worse, c: better } = discordant(b, c);
    p = mcnemarExactP(worse, better);
  } else p = signFlipP(diffs, { seed: seed ^ 0x5bd1e995, ...(options.flips !== undefined ? { flips: options.flips } : {}) });
  const sdDifference = std(Array.from(diffs));
  return {
    ...empty,
    baseMean: mean(b),
    candidateMean: mean(c),
    difference: mean(diffs),
    ci95,
    p,
    sdDifference,
    samplesFor005: samplesNeeded(sdDifference, alpha),
  };
}
