import { z } from "zod";
import { type Message, messageSchema, type Sample, type ToolCall, toolCallSchema } from "../../engine/sample";
import { parseListCell } from "./list-cell";
import { type CellResult, isBlank } from "./sample-cells";

/**
 * Contract 16's turns and tool calls from a cell, in the three shapes people have them in: ours
 * (`role`, `toolCalls: [{ name, args }]`), ragas's multi-turn (`type: human | ai | tool`,
 * `tool_calls: [{ name, args }]`) and OpenAI chat messages (`tool_calls: [{ function: { name,
 * arguments } }]`, arguments a JSON string). A CSV cell holds the same as JSON text. A system turn
 * is an instruction, not a turn of the conversation: it is dropped.
 */

const ROLE_OF: Record<string, Message["role"] | "system"> = {
  user: "user",
  human: "user",
  assistant: "assistant",
  ai: "assistant",
  tool: "tool",
  function: "tool",
  system: "system",
  developer: "system",
};

const openAiCall = z.object({ function: z.object({ name: z.string(), arguments: z.union([z.string(), z.record(z.string(), z.unknown())]) }) });
const rawTurn = z.looseObject({
  role: z.string().optional(),
  type: z.string().optional(),
  content: z.union([z.string(), z.null(), z.array(z.looseObject({ text: z.string().optional() }))]).optional(),
  toolCalls: z.array(z.unknown()).optional(),
  tool_calls: z.array(z.unknown()).nullable().optional(),
});

/** Turns from a cell: a list of message objects, or its JSON text (the playground parses its pasted turns with it too). */
export function messagesCell(value: unknown): CellResult<Message[]> {
  const list = jsonList(value, "messages");
  if (!list.ok) return list;
  const out: Message[] = [];
  for (const [i, item] of list.value.entries()) {
    const at = `message ${i + 1}`;
    const turn = rawTurn.safeParse(item);
    if (!turn.success) return { ok: false, message: `${at}: expected an object with a role and content` };
    const roleName = (turn.data.role ?? turn.data.type ?? "").toLowerCase();
    const role = ROLE_OF[roleName];
    if (role === undefined) return { ok: false, message: `${at}: unknown role "${roleName}" (expected user, assistant or tool; human, ai or tool)` };
    if (role === "system") continue;
    const calls = toolCallsOf(turn.data.toolCalls ?? turn.data.tool_calls ?? [], at);
    if (!calls.ok) return calls;
    const content = turn.data.content;
    const text = typeof content === "string" ? content : Array.isArray(content) ? content.map((part) => part.text ?? "").join("") : "";
    const message = messageSchema.parse({ role, content: text, ...(calls.value.length > 0 ? { toolCalls: calls.value } : {}) });
    out.push(message);
  }
  return { ok: true, value: out };
}

/** Reference tool calls from a cell: a list of calls in our, ragas's or OpenAI's shape, or its JSON text. */
export function toolCallsCell(value: unknown): CellResult<ToolCall[]> {
  const list = jsonList(value, "tool calls");
  return list.ok ? toolCallsOf(list.value, "") : list;
}

/** A table holds conversations: a messages column, or turns where the question would be. */
export function holdsTurns(rows: readonly Record<string, unknown>[], messagesColumn: string | undefined, questionColumn: string | undefined): boolean {
  return messagesColumn !== undefined || (questionColumn !== undefined && rows.some((r) => isTurnList(r[questionColumn])));
}

/** True for a cell that is a list of turns (ragas's multi-turn `user_input`), not a question. */
function isTurnList(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "object" && v !== null && ("type" in v || "role" in v));
}

function toolCallsOf(items: readonly unknown[], at: string): CellResult<ToolCall[]> {
  const calls: ToolCall[] = [];
  for (const [j, item] of items.entries()) {
    const where = `${at ? `${at}, ` : ""}tool call ${j + 1}`;
    const ours = toolCallSchema.safeParse(item);
    if (ours.success) {
      calls.push(ours.data);
      continue;
    }
    const openAi = openAiCall.safeParse(item);
    if (!openAi.success) return { ok: false, message: `${where}: expected { name, args } or { function: { name, arguments } }` };
    const { name, arguments: args } = openAi.data.function;
    const parsed = typeof args === "string" ? jsonArgs(args) : { ok: true as const, value: args };
    if (!parsed.ok) return { ok: false, message: `${where} (${name}): ${parsed.message}` };
    calls.push({ name, args: parsed.value });
  }
  return { ok: true, value: calls };
}

function jsonArgs(text: string): CellResult<Record<string, unknown>> {
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `arguments are not valid JSON (${(error as Error).message})` };
  }
  const record = z.record(z.string(), z.unknown()).safeParse(value);
  return record.success ? { ok: true, value: record.data } : { ok: false, message: "arguments are not a JSON object" };
}

function jsonList(value: unknown, what: string): CellResult<unknown[]> {
  if (Array.isArray(value)) return { ok: true, value };
  if (typeof value !== "string") return { ok: false, message: `expected a list of ${what}` };
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return { ok: true, value: parsed };
  } catch (error) {
    return { ok: false, message: `expected a JSON list of ${what} (${(error as Error).message})` };
  }
  return { ok: false, message: `expected a JSON list of ${what}` };
}

type ConversationFields = Pick<Sample, "messages" | "referenceToolCalls" | "referenceTopics">;

/**
 * A row's conversation fields from their columns (columns.ts CONVERSATION_COLUMNS), or from the
 * question's column when it holds turns (ragas's multi-turn `user_input`). Problems go to
 * `problem` with the column they are in.
 */
export function conversationRow(
  raw: Record<string, unknown>,
  columns: Partial<Record<keyof ConversationFields, string>>,
  questionColumn: string | undefined,
  problem: (column: string, message: string) => void,
): ConversationFields {
  const out: ConversationFields = {};
  const turnsColumn =
    columns.messages !== undefined && !isBlank(raw[columns.messages])
      ? columns.messages
      : questionColumn !== undefined && isTurnList(raw[questionColumn])
        ? questionColumn
        : undefined;
  if (turnsColumn !== undefined) {
    const turns = messagesCell(raw[turnsColumn]);
    if (turns.ok) out.messages = turns.value;
    else problem(turnsColumn, turns.message);
  }
  if (columns.referenceToolCalls !== undefined && !isBlank(raw[columns.referenceToolCalls])) {
    const calls = toolCallsCell(raw[columns.referenceToolCalls]);
    if (calls.ok) out.referenceToolCalls = calls.value;
    else problem(columns.referenceToolCalls, calls.message);
  }
  if (columns.referenceTopics !== undefined && !isBlank(raw[columns.referenceTopics])) {
    const topics = parseListCell(raw[columns.referenceTopics]);
    if (topics.ok) out.referenceTopics = topics.items.filter((t) => t.trim() !== "");
    else problem(columns.referenceTopics, topics.message);
  }
  return out;
}
