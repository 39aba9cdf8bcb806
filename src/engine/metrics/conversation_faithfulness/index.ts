import type { MetricDefinition } from "../definition";
import { type ConversationMessage, cutNote, messagesOf, TRANSCRIPT_BUDGET } from "../shared/conversation";
import { extractStatements, verifyStatements, zipVerdicts } from "../shared/steps";
import { statementsPrompt, verdictsPrompt } from "../faithfulness/prompts";
import { conversationFaithfulnessDisplay } from "./display";
import { explainConversationFaithfulness, scoreConversationFaithfulness, type ConversationFaithfulnessTrace } from "./score";
import { conversationFaithfulnessTraceFields } from "./trace";

/** Assistant turns that say something (a turn that only calls tools makes no claim). */
function spokenTurns(messages: readonly ConversationMessage[]): number[] {
  return messages.flatMap((m, i) => (m.role === "assistant" && m.content.trim() ? [i] : []));
}

/**
 * What turn `turn` could rely on: the sample's contexts (there from the start) and every tool result
 * before it. Over the budget, the oldest pieces go first: the latest results are what a turn reports.
 */
function evidenceBefore(messages: readonly ConversationMessage[], contexts: readonly string[], turn: number): { text: string; used: number; omitted: number } {
  const pieces = [...contexts, ...messages.slice(0, turn).flatMap((m) => (m.role === "tool" && m.content.trim() ? [m.content] : []))];
  let used = 0;
  let first = pieces.length;
  while (first > 0 && used + pieces[first - 1]!.length + 2 <= TRANSCRIPT_BUDGET) {
    used += pieces[first - 1]!.length + 2;
    first--;
  }
  return { text: pieces.slice(first).join("\n\n"), used: pieces.length - first, omitted: first };
}

/** The user message a turn answers: the last one before it (its question, for splitting statements). */
function questionBefore(messages: readonly ConversationMessage[], turn: number): string {
  for (let i = turn - 1; i >= 0; i--) if (messages[i]!.role === "user") return messages[i]!.content;
  return "";
}

export const conversationFaithfulness: MetricDefinition<ConversationFaithfulnessTrace> = {
  id: "conversation_faithfulness",
  name: "Conversation faithfulness",
  ...conversationFaithfulnessDisplay,
  family: "conversation",
  batchRounds: 2,
  // Contexts are optional: tool results may be all the evidence.
  requires: ["messages"],
  usesEmbeddings: false,
  // Faithfulness's own statement and verdict prompts: an edit in the studio changes both alike.
  prompts: [statementsPrompt, verdictsPrompt],
  // Two calls per assistant turn that says something: split it into statements, check them.
  calls: (sample) => {
    const messages = messagesOf(sample);
    return { chat: 2 * spokenTurns(messages).length, embedding: 0 };
  },
  async run(ctx) {
    const messages = messagesOf(ctx.sample);
    let cut = 0;
    const turns = await Promise.all(
      spokenTurns(messages).map(async (turn) => {
        const evidence = evidenceBefore(messages, ctx.sample.contexts, turn);
        if (evidence.omitted > 0) cut++;
        const statements = await extractStatements(ctx, questionBefore(messages, turn), messages[turn]!.content);
        const verdicts = await verifyStatements(ctx, statements, evidence.text);
        return { turn, statements: zipVerdicts(statements, verdicts), evidence: evidence.used };
      }),
    );
    return { turns, note: cutNote(cut, "assistant turns checked without their oldest evidence (tool results or contexts)") };
  },
  score: scoreConversationFaithfulness,
  explain: explainConversationFaithfulness,
  traceFields: conversationFaithfulnessTraceFields,
  traceItems: "statements",
};
