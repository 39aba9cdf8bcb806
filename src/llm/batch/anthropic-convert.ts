import { z } from "zod";
import { sha256Hex } from "../../engine/text/sha256";
import type { BatchOutputLine } from "../../engine/run/batch-records";
import type { BatchInputLine } from "./lines";

/**
 * Anthropic's Message Batches speak the Messages API, not Chat Completions: each OpenAI-shaped
 * batch line (the sync call's body) becomes a `{custom_id, params}` request, and each result
 * (succeeded | errored | canceled | expired) becomes an OpenAI batch output line, so the round
 * driver and the reply book read Anthropic's answers exactly as they read OpenAI's.
 */

/** How the reply is held to the schema: Anthropic's structured outputs, or a forced tool call. */
export type StructuredMode = "output_config" | "tool";

export interface AnthropicRequest {
  custom_id: string;
  params: Record<string, unknown>;
}

/** Anthropic's custom_id: 1-64 of [A-Za-z0-9_-] (our ids hold colons). */
const ANTHROPIC_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The custom_id sent to Anthropic for one of ours: the colons become dashes (still readable in the
 * console), a longer or stranger id its hash. Deterministic, so the round driver can map the
 * results back from the round's own ids after a restart.
 */
export function anthropicCustomId(customId: string): string {
  const dashed = customId.replace(/[^A-Za-z0-9_-]/g, "-");
  return ANTHROPIC_ID.test(dashed) ? dashed : `h${sha256Hex(customId).slice(0, 40)}`;
}

const messageSchema = z.object({
  role: z.string(),
  content: z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough())]),
});

const chatBodySchema = z
  .object({
    model: z.string().min(1),
    messages: z.array(messageSchema).min(1),
    temperature: z.number().optional(),
    max_tokens: z.number().optional(),
    max_completion_tokens: z.number().optional(),
    response_format: z
      .object({
        type: z.string(),
        json_schema: z
          .object({ name: z.string().optional(), schema: z.record(z.string(), z.unknown()).optional() })
          .passthrough()
          .optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

/** Messages' max_tokens is required and must be positive (0 is refused in a batch). */
const DEFAULT_MAX_TOKENS = 4096;

const textOf = (content: z.infer<typeof messageSchema>["content"]) => (typeof content === "string" ? content : content.map((part) => part.text ?? "").join(""));

/**
 * Keywords Anthropic's structured outputs refuse: length and size bounds (minItems only as 0 or 1).
 * The reply is still checked against the full schema when it comes back (validateReply).
 */
const UNSUPPORTED = new Set([
  "minLength",
  "maxLength",
  "maxItems",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minProperties",
  "maxProperties",
]);

export function anthropicSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anthropicSchema);
  if (!schema || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (UNSUPPORTED.has(key)) continue;
    if (key === "minItems" && typeof value === "number" && value > 1) {
      out[key] = 1;
      continue;
    }
    if (key === "enum" || key === "const") out[key] = value;
    // `properties` holds names, not keywords: only the schemas under them are trimmed.
    else if (key === "properties" && value && typeof value === "object")
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, anthropicSchema(sub)]));
    else out[key] = anthropicSchema(value);
  }
  return out;
}

const toolName = (name: string | undefined) => (name ?? "reply").replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64) || "reply";

/** One OpenAI batch line as an Anthropic batch request (throws on a line that is not a chat call). */
export function toAnthropicRequest(line: BatchInputLine, mode: StructuredMode = "output_config"): AnthropicRequest {
  const body = chatBodySchema.parse(line.body);
  const system = body.messages
    .filter((m) => m.role === "system" || m.role === "developer")
    .map((m) => textOf(m.content))
    .join("\n\n");
  const messages = body.messages
    .filter((m) => m.role !== "system" && m.role !== "developer")
    .map((m) => ({ role: m.role === "assistant" ? "assistant" : "user", content: textOf(m.content) }));
  const limit = body.max_tokens ?? body.max_completion_tokens;
  const params: Record<string, unknown> = {
    model: body.model,
    max_tokens: limit !== undefined && limit >= 1 ? Math.floor(limit) : DEFAULT_MAX_TOKENS,
    messages,
  };
  if (system) params.system = system;
  // Anthropic's temperature runs 0-1 (OpenAI's 0-2): a judge runs at 0 anyway.
  if (body.temperature !== undefined) params.temperature = Math.min(1, Math.max(0, body.temperature));
  const format = body.response_format;
  if (format?.type === "json_schema" && format.json_schema?.schema) {
    const schema = anthropicSchema(format.json_schema.schema);
    if (mode === "output_config") params.output_config = { format: { type: "json_schema", schema } };
    else {
      const name = toolName(format.json_schema.name);
      params.tools = [{ name, description: "Give the reply as this tool's input.", input_schema: schema }];
      params.tool_choice = { type: "tool", name };
    }
  }
  return { custom_id: anthropicCustomId(line.custom_id), params };
}

const contentBlock = z.object({ type: z.string(), text: z.string().optional(), name: z.string().optional(), input: z.unknown().optional() }).passthrough();

const errorBody = z.object({ type: z.string().optional(), error: z.object({ type: z.string(), message: z.string() }) }).passthrough();

/** One line of a Message Batch's results file. */
export const anthropicResultSchema = z.object({
  custom_id: z.string(),
  result: z.discriminatedUnion("type", [
    z.object({
      type: z.literal("succeeded"),
      message: z
        .object({
          id: z.string(),
          model: z.string().optional(),
          content: z.array(contentBlock),
          stop_reason: z.string().nullish(),
          usage: z.object({ input_tokens: z.number().optional(), output_tokens: z.number().optional() }).passthrough().optional(),
        })
        .passthrough(),
    }),
    z.object({ type: z.literal("errored"), error: errorBody }),
    z.object({ type: z.literal("canceled") }),
    z.object({ type: z.literal("expired") }),
  ]),
});
export type AnthropicResult = z.infer<typeof anthropicResultSchema>;

/** Anthropic's error types and their HTTP statuses (docs: Errors). */
const STATUS_OF: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
};

/** Stop reasons as Chat Completions' finish reasons (the reply book reads "length" and "content_filter"). */
const FINISH: Record<string, string> = { max_tokens: "length", refusal: "content_filter", tool_use: "stop", end_turn: "stop", stop_sequence: "stop" };

/** One Anthropic result as an OpenAI batch output line, under our own custom_id. */
export function fromAnthropicResult(entry: AnthropicResult, customId: string): BatchOutputLine {
  const result = entry.result;
  if (result.type === "succeeded") {
    const m = result.message;
    // A forced tool call carries the JSON as the tool's input; structured output as the text.
    const tool = m.content.find((b) => b.type === "tool_use");
    const content = tool ? JSON.stringify(tool.input ?? {}) : m.content.map((b) => (b.type === "text" ? (b.text ?? "") : "")).join("");
    const input = m.usage?.input_tokens;
    const output = m.usage?.output_tokens;
    return {
      id: m.id,
      custom_id: customId,
      response: {
        status_code: 200,
        request_id: m.id,
        body: {
          id: m.id,
          object: "chat.completion",
          model: m.model,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: FINISH[m.stop_reason ?? ""] ?? "stop" }],
          ...(input !== undefined && output !== undefined ? { usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output } } : {}),
        },
      },
      error: null,
    };
  }
  if (result.type === "errored") {
    const { type, message } = result.error.error;
    return {
      custom_id: customId,
      response: { status_code: STATUS_OF[type] ?? 500, request_id: null, body: { error: { type, message } } },
      error: { code: type, message },
    };
  }
  const words =
    result.type === "expired"
      ? { code: "batch_expired", message: "This request was not processed before the batch expired (24 hours after it was created)." }
      : { code: "batch_cancelled", message: "This request was not processed: the batch was canceled." };
  return { custom_id: customId, response: null, error: words };
}
