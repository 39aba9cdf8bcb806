import { scored, unscored, type CallRecord, type ScoreOutcome } from "../../result";

interface ReferenceStatement {
  text: string;
  attributed: 0 | 1;
  reason: string;
}

export interface ContextRecallTrace {
  statements: ReferenceStatement[];
  calls: CallRecord[];
}

/** Reference statements found in the contexts / reference statements. */
export function scoreContextRecall(trace: Pick<ContextRecallTrace, "statements">): ScoreOutcome {
  const n = trace.statements.length;
  if (n === 0) return unscored("no_statements", "the reference makes no statement that could be looked for in the contexts");
  return scored(trace.statements.reduce((sum, s) => sum + s.attributed, 0) / n);
}

export function explainContextRecall(trace: ContextRecallTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const missing = trace.statements.filter((s) => s.attributed === 0);
  const head = `${trace.statements.length - missing.length} of ${trace.statements.length} reference statements are found in the contexts`;
  return missing.length === 0 ? `${head}.` : `${head}; missing: ${missing.map((s) => `"${s.text}"`).join("; ")}.`;
}
