import { z } from "zod";
import { type ToolCall, toolCallSchema } from "../../engine/sample";
import type { JsonValue } from "../../engine/target/target-schema";
import { PathError, pick } from "./pick-paths";

/**
 * The tool calls a reply made, picked with the target's `toolCalls` path: each match is a call or a
 * list of calls, in our shape `{ name, args }` or OpenAI's `{ function: { name, arguments } }`
 * (arguments a JSON string or an object; `{ name, arguments }` too). A path that matches nothing
 * means the reply made no call: [] (a turn that only talks is an answer, not an error).
 */

const args = z.union([z.record(z.string(), z.unknown()), z.string()]);
const openAiCall = z.object({ function: z.object({ name: z.string(), arguments: args }) });
const namedCall = z.object({ name: z.string(), arguments: args });

export function pickToolCalls(reply: JsonValue, path: string): ToolCall[] {
  const found = pick(reply, path).flatMap((v) => (Array.isArray(v) ? v : [v]));
  return found.map((item, i) => toolCallOf(item, `toolCalls path ${path}, match ${i + 1}`));
}

function toolCallOf(item: unknown, where: string): ToolCall {
  const ours = toolCallSchema.safeParse(item);
  if (ours.success) return ours.data;
  const call = openAiCall.safeParse(item);
  const named = call.success ? call.data.function : namedCall.safeParse(item).data;
  if (!named) throw new PathError(`${where}: not a tool call (expected { name, args } or { function: { name, arguments } })`);
  const value = typeof named.arguments === "string" ? parseArguments(named.arguments, where) : named.arguments;
  return { name: named.name, args: value };
}

function parseArguments(text: string, where: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new PathError(`${where}: its arguments are not JSON`);
  }
  const record = z.record(z.string(), z.unknown()).safeParse(value);
  if (!record.success) throw new PathError(`${where}: its arguments are not a JSON object`);
  return record.data;
}
