import type { Sample } from "../../engine";
import { messagesCell, toolCallsCell } from "../../storage/format/conversation-cells";
import type { SampleDraft } from "./store";

/** Which pasted field a problem is in (the form shows it under that field). */
type ConversationField = "conversation" | "referenceToolCalls";

export interface ConversationDraft {
  fields: Pick<Sample, "messages" | "referenceToolCalls">;
  /** A field that does not parse, with the importers' message (it names the message and the call). */
  problems: Partial<Record<ConversationField, string>>;
}

/**
 * The playground's pasted conversation (contract 16) through the importers' own cell parsers, so
 * the form takes what a file takes: OpenAI chat messages (arguments as JSON text), ragas
 * multi-turn dumps (human / ai / tool) or our shape; a system message is dropped. A blank field is
 * "not given"; one that does not parse is left out of the sample and its problem said.
 */
export function conversationOfDraft(draft: Pick<SampleDraft, "conversation" | "referenceToolCalls">): ConversationDraft {
  const out: ConversationDraft = { fields: {}, problems: {} };
  const turns = draft.conversation?.trim();
  if (turns) {
    const parsed = messagesCell(turns);
    if (parsed.ok) out.fields.messages = parsed.value;
    else out.problems.conversation = parsed.message;
  }
  const calls = draft.referenceToolCalls?.trim();
  if (calls) {
    const parsed = toolCallsCell(calls);
    if (parsed.ok) out.fields.referenceToolCalls = parsed.value;
    else out.problems.referenceToolCalls = parsed.message;
  }
  return out;
}
