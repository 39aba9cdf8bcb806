import type { ChatMessage } from "../ports";
import { fillTemplate } from "./template";
import type { PromptDef } from "./types";

/**
 * One renderer for every prompt. The system message (instruction + examples) is identical for
 * every sample, so providers with prompt caching bill it once; the user message holds the input.
 * Example replies are compact JSON: they teach the shape and cost few tokens.
 */
export function renderMessages(prompt: PromptDef, input: Record<string, string>): ChatMessage[] {
  return [
    { role: "system", content: renderSystem(prompt) },
    { role: "user", content: fillTemplate(prompt.inputTemplate, input) },
  ];
}

function renderSystem(prompt: PromptDef): string {
  if (prompt.examples.length === 0) return prompt.instruction.trim();
  const examples = prompt.examples.map((example, i) => {
    const shown = fillTemplate(prompt.inputTemplate, example.input);
    return `Example ${i + 1}\n${shown}\nOutput: ${JSON.stringify(example.output)}`;
  });
  return `${prompt.instruction.trim()}\n\n${examples.join("\n\n")}`;
}

/**
 * Appended by a transport that cannot use structured output (JSON mode or plain text), so the
 * model still learns the exact shape. Structured output carries the schema itself.
 */
export function renderFormatNote(jsonSchema: Record<string, unknown>): string {
  return `Reply with one JSON object and nothing else, matching this JSON Schema:\n${JSON.stringify(jsonSchema)}`;
}

/** Numbered list used for statements, sentences and contexts: "[1] text". */
export function numbered(items: readonly string[], label = ""): string {
  return items.map((item, i) => `[${label}${i + 1}] ${item}`).join("\n");
}
