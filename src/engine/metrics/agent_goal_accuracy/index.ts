import type { MetricDefinition } from "../definition";
import { ask, PRIORITY } from "../shared/ask";
import { fitLatest, messagesOf, renderMessage, renderTranscript, TRANSCRIPT_BUDGET, cutNote } from "../shared/conversation";
import { agentGoalDisplay } from "./display";
import { goalWithoutReferencePrompt, goalWithReferencePrompt } from "./prompts";
import { explainAgentGoal, scoreAgentGoal, type AgentGoalTrace } from "./score";
import { agentGoalTraceFields } from "./trace";

export const agentGoalAccuracy: MetricDefinition<AgentGoalTrace> = {
  id: "agent_goal_accuracy",
  name: "Agent goal accuracy",
  ...agentGoalDisplay,
  family: "conversation",
  batchRounds: 1,
  // The reference is optional: without one the judge states the goal.
  requires: ["messages"],
  usesEmbeddings: false,
  prompts: [goalWithReferencePrompt, goalWithoutReferencePrompt],
  // One call per conversation, whatever its length: the goal is stated in the same reply as the verdict.
  calls: () => ({ chat: 1, embedding: 0 }),
  async run(ctx) {
    const messages = messagesOf(ctx.sample);
    // The first message usually states the goal and the last ones the outcome: a long conversation
    // keeps both and loses the middle.
    const first = renderMessage(messages[0]!).length + 1;
    const rest = fitLatest(
      messages,
      messages.slice(1).map((_, i) => i + 1),
      Math.max(1, TRANSCRIPT_BUDGET - first),
    );
    const gap = rest.omitted.length ? [`(${rest.omitted.length} messages left out for length)`] : [];
    const transcript = [`[1] ${renderMessage(messages[0]!)}`, ...gap, renderTranscript(messages, { kept: rest.kept, omitted: [] })]
      .filter((line) => line.length > 0)
      .join("\n");
    const note = cutNote(rest.omitted.length, "middle messages left out");
    const reference = ctx.sample.reference?.trim();
    if (reference) {
      const reply = await ask(ctx, goalWithReferencePrompt, { reference, conversation: transcript }, undefined, PRIORITY.single);
      return { goal: reference, goalFrom: "reference", verdict: reply.verdict, reason: reply.reason, note };
    }
    const reply = await ask(ctx, goalWithoutReferencePrompt, { conversation: transcript }, undefined, PRIORITY.single);
    return { goal: reply.goal, goalFrom: "judge", verdict: reply.verdict, reason: reply.reason, note };
  },
  score: scoreAgentGoal,
  explain: explainAgentGoal,
  traceFields: agentGoalTraceFields,
  traceItems: "verdict",
};
