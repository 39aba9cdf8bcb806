import { scored, type CallRecord, type ScoreOutcome } from "../../result";
import { codePoints } from "../../text/python-str";

export interface StringPresenceTrace {
  /** 1 when the reference occurs in the answer as it is (ragas's StringPresence: `reference in response`). */
  present: 0 | 1;
  /** 0-based character (code point) where the reference first occurs in the answer; null when absent. */
  at: number | null;
  calls: CallRecord[];
}

export function stringPresenceTrace(answer: string, reference: string): Omit<StringPresenceTrace, "calls"> {
  const unit = answer.indexOf(reference);
  if (unit < 0) return { present: 0, at: null };
  return { present: 1, at: codePoints(answer.slice(0, unit)).length };
}

export function scoreStringPresence(trace: Pick<StringPresenceTrace, "present">): ScoreOutcome {
  return scored(trace.present);
}

export function explainStringPresence(trace: StringPresenceTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  if (trace.present === 1) return `The reference occurs in the answer at character ${(trace.at ?? 0) + 1}.`;
  return "The reference does not occur in the answer (exact, case-sensitive substring).";
}
