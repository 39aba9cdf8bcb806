import { scored, type CallRecord, type ScoreOutcome } from "../../result";
import { codePoints } from "../../text/python-str";

export interface ExactMatchTrace {
  /** 1 when the answer equals the reference character for character (ragas's ExactMatch). */
  match: 0 | 1;
  /** 0-based character (code point) where they first differ; null when they are equal. */
  firstDifference: number | null;
  calls: CallRecord[];
}

export function exactMatchTrace(answer: string, reference: string): Omit<ExactMatchTrace, "calls"> {
  if (answer === reference) return { match: 1, firstDifference: null };
  const a = codePoints(answer);
  const b = codePoints(reference);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return { match: 0, firstDifference: i };
}

export function scoreExactMatch(trace: Pick<ExactMatchTrace, "match">): ScoreOutcome {
  return scored(trace.match);
}

export function explainExactMatch(trace: ExactMatchTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  if (trace.match === 1) return "The answer equals the reference exactly.";
  return `The answer differs from the reference from character ${(trace.firstDifference ?? 0) + 1} on (no normalisation: case, spaces and punctuation count).`;
}
