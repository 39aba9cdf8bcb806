import type { ChatMessage } from "../engine/ports";
import { renderFormatNote } from "../engine/prompts/render";
import type { OutputMode } from "../engine/result";
import type { RequestShape } from "./chat-request";
import type { LlmError } from "./errors";

/** Structured output first, then JSON mode, then plain text (DESIGN.md "The LLM boundary"). */
const MODE_ORDER: readonly OutputMode[] = ["json_schema", "json_object", "text"];

export function nextMode(mode: OutputMode): OutputMode | undefined {
  return MODE_ORDER[MODE_ORDER.indexOf(mode) + 1];
}

function refusalText(error: LlmError): string | undefined {
  if (error.kind !== "bad_request") return undefined;
  if (error.status !== 400 && error.status !== 422 && error.status !== 501) return undefined;
  return `${error.serverMessage ?? ""} ${error.message}`;
}

/**
 * The server refused the response_format we sent (vLLM, Ollama, llama.cpp and gateways word it
 * differently; an invalid-schema complaint from OpenAI lands here too, and JSON mode is the right
 * answer to that as well).
 */
export function isFormatRefusal(error: LlmError): boolean {
  const text = refusalText(error);
  if (text === undefined) return false;
  return /response_format|response format|json_schema|json_object|json schema|structured output|guided|grammar|not supported|unsupported|not implemented/i.test(
    text,
  );
}

/**
 * Adjusts the request shape for servers that reject a parameter we send; returns the new shape,
 * or undefined when the error is not about one we can change (or we already changed it).
 */
export function adaptShape(error: LlmError, shape: RequestShape): RequestShape | undefined {
  const text = refusalText(error);
  if (text === undefined) return undefined;
  if (shape.tokenParam === "max_tokens" && /max_tokens/.test(text) && /max_completion_tokens/.test(text)) {
    return { ...shape, tokenParam: "max_completion_tokens" };
  }
  if (shape.sendTemperature && /temperature/i.test(text) && /unsupported|not support|does not support|only the default/i.test(text)) {
    return { ...shape, sendTemperature: false };
  }
  return undefined;
}

/**
 * The messages for a mode: without structured output the model must read the schema, so the
 * format note goes at the end of the last user message (the engine's one renderer writes it).
 */
export function messagesForMode(messages: readonly ChatMessage[], mode: OutputMode, jsonSchema: Record<string, unknown>): ChatMessage[] {
  const copy = messages.map((m) => ({ ...m }));
  if (mode === "json_schema") return copy;
  const note = renderFormatNote(jsonSchema);
  for (let i = copy.length - 1; i >= 0; i--) {
    const message = copy[i]!;
    if (message.role === "user") {
      copy[i] = { ...message, content: `${message.content}\n\n${note}` };
      return copy;
    }
  }
  copy.push({ role: "user", content: note });
  return copy;
}

/** The follow-up that asks the model to fix its own reply, quoting what was wrong. */
export function repairMessages(sent: readonly ChatMessage[], badReply: string, problem: string): ChatMessage[] {
  return [
    ...sent.map((m) => ({ ...m })),
    { role: "assistant", content: badReply },
    {
      role: "user",
      content: `Your reply could not be used: ${problem}\nReply again with only the corrected JSON (no prose, no code fence), keeping the same content.`,
    },
  ];
}
