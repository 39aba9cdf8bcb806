import type { Message, Sample } from "../../sample";

export type ConversationMessage = Message;

/**
 * The judge sees at most this many characters of conversation per call (about 6k tokens: small
 * local judges have 8k contexts). Longer conversations are cut and the trace says so.
 */
export const TRANSCRIPT_BUDGET = 24_000;

/** The sample's messages (`requires: ["messages"]` has made sure there are some). */
export function messagesOf(sample: Sample): Message[] {
  return sample.messages ?? [];
}

/** A tool call on one line, arguments as key=value (JSON for anything but text). */
function renderCall(call: Message["toolCalls"] extends (infer C)[] | undefined ? C : never): string {
  const args = Object.entries(call.args).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`);
  return `${call.name}(${args.join(", ")})`;
}

/**
 * One message as the judge reads it, on one line (turns are told apart by their "[k]" numbers, and
 * the studio's translation keeps those out of the text it sends): role, text, any tool calls.
 */
export function renderMessage(message: ConversationMessage): string {
  const label = message.role === "user" ? "User" : message.role === "assistant" ? "Assistant" : "Tool result";
  const calls = (message.toolCalls ?? []).map((c) => ` -> calls ${renderCall(c)}`).join("");
  return `${label}: ${message.content.replace(/\s*\n\s*/g, " ")}${calls}`;
}

export interface Fitted {
  /** The kept messages' positions, in order. */
  kept: number[];
  /** Positions left out to stay within the budget (empty: nothing was cut). */
  omitted: number[];
}

/**
 * Keeps the latest messages of `positions` whose rendered text fits `budget` characters (at least
 * the last one, whatever its length): the recent turns are what a verdict on the end depends on.
 */
export function fitLatest(messages: readonly ConversationMessage[], positions: readonly number[], budget = TRANSCRIPT_BUDGET): Fitted {
  const kept: number[] = [];
  let used = 0;
  for (let k = positions.length - 1; k >= 0; k--) {
    const size = renderMessage(messages[positions[k]!]!).length + 1;
    if (kept.length > 0 && used + size > budget) return { kept, omitted: positions.slice(0, k + 1) };
    kept.unshift(positions[k]!);
    used += size;
  }
  return { kept, omitted: [] };
}

/** The transcript of the kept messages, with a line where earlier ones were left out. */
export function renderTranscript(messages: readonly ConversationMessage[], fitted: Fitted): string {
  const head = fitted.omitted.length > 0 ? [`(${fitted.omitted.length} earlier messages left out for length)`] : [];
  return [...head, ...fitted.kept.map((i) => `[${i + 1}] ${renderMessage(messages[i]!)}`)].join("\n");
}

/** The trace's note on a cut, in words (null: the judge saw everything). */
export function cutNote(omitted: number, what: string, budget = TRANSCRIPT_BUDGET): string | null {
  return omitted === 0 ? null : `${omitted} ${what}: the conversation is longer than the judge's budget of ${budget} characters`;
}
