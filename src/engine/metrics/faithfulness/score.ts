import { scored, unscored, type CallRecord, type ScoreOutcome } from "../../result";

interface FaithfulnessStatement {
  text: string;
  verdict: 0 | 1;
  reason: string;
}

export interface FaithfulnessTrace {
  statements: FaithfulnessStatement[];
  calls: CallRecord[];
}

/** Supported statements / statements. No statements (e.g. a refusal) is undetermined, not 0. */
export function scoreFaithfulness(trace: Pick<FaithfulnessTrace, "statements">): ScoreOutcome {
  const n = trace.statements.length;
  if (n === 0) return unscored("no_statements", "the answer makes no claim that could be checked (for example, it declines to answer)");
  return scored(trace.statements.reduce((sum, s) => sum + s.verdict, 0) / n);
}

export function explainFaithfulness(trace: FaithfulnessTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const unsupported = trace.statements.filter((s) => s.verdict === 0);
  const head = `${trace.statements.length - unsupported.length} of ${trace.statements.length} statements are supported by the contexts`;
  if (unsupported.length === 0) return `${head}.`;
  return `${head}; not supported: ${unsupported.map((s) => `"${s.text}"`).join("; ")}.`;
}
