import { z } from "zod";
import { agentGoalTraceFields } from "../../../../engine/metrics/agent_goal_accuracy/trace";
import { conversationFaithfulnessTraceFields } from "../../../../engine/metrics/conversation_faithfulness/trace";
import { topicAdherenceTraceFields } from "../../../../engine/metrics/topic_adherence/trace";

/**
 * The judge's verdicts the conversation viewer shows inline, worked out without React: under each
 * message, conversation faithfulness's checked statements (its `turn` is the assistant message's
 * 0-based position) and topic adherence's verdict (its `turn` is the user message's position); the
 * goal verdict of agent goal accuracy once, after the last message. A trace that does not parse, or
 * a turn outside the conversation (a hand-edited report), shows nothing rather than breaking the view.
 */

export type TurnVerdict =
  | { metric: "conversation_faithfulness"; statement: string; supported: boolean; reason: string }
  | { metric: "topic_adherence"; onTopic: boolean; answered: boolean; reason: string };

interface GoalVerdict {
  reached: boolean;
  goal: string;
  reason: string;
}

export interface ConversationVerdicts {
  /** Verdicts by the 0-based position of the message they judge; a message without any is absent. */
  byTurn: ReadonlyMap<number, readonly TurnVerdict[]>;
  goal: GoalVerdict | null;
}

// The goal and reason are shown, not scored, so the metric's own trace fields do not name them.
const goalTrace = agentGoalTraceFields.extend({ goal: z.string(), reason: z.string() });

type Metrics = Readonly<Record<string, { trace?: unknown } | undefined>>;

function parsed<T>(schema: z.ZodType<T>, trace: unknown): T | null {
  const result = schema.safeParse(trace);
  return result.success ? result.data : null;
}

/** The verdicts to show for a conversation of `messageCount` messages, read from the sample's traces. */
export function conversationVerdicts(messageCount: number, metrics: Metrics): ConversationVerdicts {
  const byTurn = new Map<number, TurnVerdict[]>();
  const add = (turn: number, verdict: TurnVerdict) => {
    if (turn >= messageCount) return;
    const list = byTurn.get(turn);
    if (list) list.push(verdict);
    else byTurn.set(turn, [verdict]);
  };
  const faithfulness = parsed(conversationFaithfulnessTraceFields, metrics.conversation_faithfulness?.trace);
  for (const t of faithfulness?.turns ?? []) {
    for (const s of t.statements) add(t.turn, { metric: "conversation_faithfulness", statement: s.text, supported: s.verdict === 1, reason: s.reason });
  }
  const topics = parsed(topicAdherenceTraceFields, metrics.topic_adherence?.trace);
  for (const t of topics?.turns ?? []) {
    add(t.turn, { metric: "topic_adherence", onTopic: t.onTopic === 1, answered: t.answered === 1, reason: t.reason });
  }
  const goal = parsed(goalTrace, metrics.agent_goal_accuracy?.trace);
  return { byTurn, goal: goal ? { reached: goal.verdict === 1, goal: goal.goal, reason: goal.reason } : null };
}

/** Whether a verdict says the assistant did what it should (colour repeats this; the words say it). */
export function verdictIsGood(v: TurnVerdict): boolean {
  return v.metric === "conversation_faithfulness" ? v.supported : v.onTopic === v.answered;
}
