import type { TargetOutcome, TargetPort } from "./outcome";
import { isTargetFailed } from "./outcome";
import type { TargetMessage } from "./render-request";

/**
 * A conversation asked turn by turn: each user turn is sent with the messages so far ({{messages}}
 * ends with that turn, {{question}} is its text), and the reply is appended as the assistant turn
 * before the next user turn is asked. Assistant and tool turns already in the sample are replaced
 * by what the system says now. The first failure stops the conversation: the turns after it would
 * be asked about a history the system never produced.
 */
export interface AskedConversation {
  messages: TargetMessage[];
  /** One per user turn asked, in order. */
  outcomes: TargetOutcome[];
}

export async function askConversation(messages: readonly TargetMessage[], target: TargetPort, signal?: AbortSignal): Promise<AskedConversation> {
  const asked: TargetMessage[] = messages.filter((m) => m.role === "system").map((m) => ({ ...m }));
  const outcomes: TargetOutcome[] = [];
  for (const turn of messages.filter((m) => m.role === "user")) {
    asked.push({ role: "user", content: turn.content });
    const outcome = await target.ask({ question: turn.content, messages: asked.map((m) => ({ ...m })) }, signal);
    outcomes.push(outcome);
    if (isTargetFailed(outcome)) break;
    asked.push({ role: "assistant", content: outcome.answer });
  }
  return { messages: asked, outcomes };
}
