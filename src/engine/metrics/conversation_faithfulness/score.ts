import { scored, unscored, type CallRecord, type ScoreOutcome } from "../../result";

interface CheckedStatement {
  text: string;
  verdict: 0 | 1;
  reason: string;
}

interface JudgedTurn {
  /** The assistant message's position in the conversation (0-based). */
  turn: number;
  statements: CheckedStatement[];
  /** How many tool results and contexts the statements were checked against. */
  evidence: number;
}

export interface ConversationFaithfulnessTrace {
  turns: JudgedTurn[];
  /** Set when evidence or turns were left out to fit the judge's budget (never silently). */
  note: string | null;
  calls: CallRecord[];
}

/** Supported statements / all statements, over every assistant turn. No statement at all is undetermined. */
export function scoreConversationFaithfulness(trace: Pick<ConversationFaithfulnessTrace, "turns">): ScoreOutcome {
  const all = trace.turns.flatMap((t) => t.statements);
  if (all.length === 0) return unscored("no_statements", "the assistant's turns make no claim that could be checked");
  return scored(all.reduce((sum, s) => sum + s.verdict, 0) / all.length);
}

export function explainConversationFaithfulness(trace: ConversationFaithfulnessTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const all = trace.turns.flatMap((t) => t.statements);
  const supported = all.filter((s) => s.verdict === 1).length;
  const head = `${supported} of ${all.length} statements in ${trace.turns.length} assistant turns are supported by the tool results and contexts before them`;
  return trace.note ? `${head} (${trace.note}).` : `${head}.`;
}
