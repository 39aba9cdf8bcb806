import { scored, type CallRecord, type ScoreOutcome } from "../../result";

export interface AgentGoalTrace {
  /** The reference, or the goal the judge stated from the conversation. */
  goal: string;
  goalFrom: "reference" | "judge";
  verdict: 0 | 1;
  reason: string;
  /** Set when the conversation was cut to fit the judge's budget (never silently). */
  note: string | null;
  calls: CallRecord[];
}

/** The verdict is the score: the goal was reached (1) or not (0). */
export function scoreAgentGoal(trace: Pick<AgentGoalTrace, "verdict">): ScoreOutcome {
  return scored(trace.verdict);
}

export function explainAgentGoal(trace: AgentGoalTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const head = `${trace.verdict === 1 ? "The conversation reached" : "The conversation did not reach"} the goal "${trace.goal}": ${trace.reason}`;
  return trace.note ? `${head} (${trace.note})` : head;
}
