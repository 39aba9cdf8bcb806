import { scored, type CallRecord, type ScoreOutcome } from "../../result";

export interface ContextVerdict {
  /** 0-based rank of the context as retrieved. */
  index: number;
  verdict: 0 | 1;
  reason: string;
}

export interface ContextPrecisionTrace {
  contexts: ContextVerdict[];
  calls: CallRecord[];
}

/** precision@k for every rank k (hits in the top k / k). */
export function precisionAtK(verdicts: readonly (0 | 1)[]): number[] {
  let hits = 0;
  return verdicts.map((v, i) => {
    hits += v;
    return hits / (i + 1);
  });
}

/**
 * Average precision: sum over k of precision@k * verdict_k, over the number of useful contexts.
 * No epsilon in the denominator, so a perfect ranking is exactly 1.0 (ragas #2909); 0 when no
 * context is useful.
 */
export function averagePrecision(verdicts: readonly (0 | 1)[]): number {
  const useful = verdicts.reduce<number>((a, v) => a + v, 0);
  if (useful === 0) return 0;
  const pk = precisionAtK(verdicts);
  return verdicts.reduce<number>((sum, v, i) => sum + pk[i]! * v, 0) / useful;
}

export function scoreContextPrecision(trace: Pick<ContextPrecisionTrace, "contexts">): ScoreOutcome {
  const ordered = [...trace.contexts].sort((a, b) => a.index - b.index);
  return scored(averagePrecision(ordered.map((c) => c.verdict)));
}

export function explainContextPrecision(trace: ContextPrecisionTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const useful = trace.contexts.filter((c) => c.verdict === 1).map((c) => c.index + 1);
  if (useful.length === 0) return `None of the ${trace.contexts.length} contexts was useful for the reference answer.`;
  return `Useful contexts at ranks ${useful.join(", ")} of ${trace.contexts.length}; useful contexts ranked lower pull the score down.`;
}
