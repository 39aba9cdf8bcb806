import { estimateTokens } from "../engine/text/tokens";

/** The estimate lives in the engine (document chunking budgets use it too); the transport re-exports it. */
export { estimateTokens };

export function estimateMessagesTokens(messages: readonly { content: string }[]): number {
  return messages.reduce((sum, message) => sum + estimateTokens(message.content), 0);
}
