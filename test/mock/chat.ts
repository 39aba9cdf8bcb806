import { judgeBrains, type Brain } from "./brains";
import { openAiError } from "./http";
import type { MockOptions, ResponseFormatKind, ScriptedReply } from "./options";
import { brainUserText, contentText, minimalValue, schemaInPrompt, titleInPrompt, type ChatMessageLike } from "./schema";
import { langOf, randomValue, requestRandom } from "./random-json";
import { tokens, truncateTokens } from "./tokens";
import { xgrammarEngine } from "./xgrammar";

type Json = Record<string, unknown>;

/** What the server learned from a chat request before deciding how to answer. */
export interface ChatRequestInfo {
  model: string;
  messages: ChatMessageLike[];
  responseFormat: ResponseFormatKind;
  schemaName?: string;
  schema?: Json;
  schemaTokens: number;
  promptTokens: number;
  n: number;
  maxTokens?: number;
}

export interface ChatAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  completionTokens: number;
}

export function readChatRequest(body: Json): ChatRequestInfo {
  const raw = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  const messages = raw.map((m) => ({ role: String(m.role ?? "user"), content: contentText(m.content) }));
  const format = (body.response_format ?? {}) as Json;
  const responseFormat: ResponseFormatKind = format.type === "json_schema" ? "json_schema" : format.type === "json_object" ? "json_object" : "text";
  const jsonSchema = (format.json_schema ?? {}) as Json;
  const schema = responseFormat === "json_schema" ? (jsonSchema.schema as Json | undefined) : schemaInPrompt(messages);
  const schemaName =
    responseFormat === "json_schema" && typeof jsonSchema.name === "string"
      ? jsonSchema.name
      : ((typeof schema?.title === "string" ? schema.title : undefined) ?? titleInPrompt(messages));
  const limit = body.max_completion_tokens ?? body.max_tokens;
  return {
    model: typeof body.model === "string" ? body.model : "",
    messages,
    responseFormat,
    ...(schemaName ? { schemaName } : {}),
    ...(schema ? { schema } : {}),
    schemaTokens: responseFormat === "json_schema" && jsonSchema.schema ? tokens(JSON.stringify(jsonSchema.schema)) : 0,
    promptTokens: messages.reduce((sum, m) => sum + tokens(m.content), 0),
    n: typeof body.n === "number" && body.n > 0 ? Math.floor(body.n) : 1,
    ...(typeof limit === "number" ? { maxTokens: limit } : {}),
  };
}

let completionCounter = 0;

function completion(info: ChatRequestInfo, content: string, finishReason: string, omitUsage: boolean | undefined): ChatAnswer {
  const perChoice = tokens(content);
  const completionTokens = perChoice * info.n;
  const body: Json = {
    id: `chatcmpl-mock-${++completionCounter}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: info.model,
    choices: Array.from({ length: info.n }, (_, index) => ({
      index,
      message: { role: "assistant", content, refusal: null },
      finish_reason: finishReason,
      logprobs: null,
    })),
  };
  if (!omitUsage) body.usage = { prompt_tokens: info.promptTokens, completion_tokens: completionTokens, total_tokens: info.promptTokens + completionTokens };
  return { status: 200, body, completionTokens };
}

/** The reply text for a value, shaped like a model in this mode would send it. */
function present(value: unknown, mode: ResponseFormatKind): string {
  return mode === "text" ? inProse(JSON.stringify(value, null, 2)) : JSON.stringify(value);
}

/** Plain-text mode: prose around a fenced block, to exercise tolerant extraction. */
function inProse(json: string): string {
  return `Here is my assessment.\n\n\`\`\`json\n${json}\n\`\`\`\n\nLet me know if you need anything else.`;
}

export function scriptedAnswer(info: ChatRequestInfo, item: ScriptedReply, options: MockOptions): ChatAnswer {
  const status = item.status ?? 200;
  const headers = item.headers ?? {};
  if (item.body !== undefined) return { status, body: item.body, headers, completionTokens: 0 };
  if (status >= 400) {
    const message = item.content ?? `scripted error ${status}`;
    return { status, body: openAiError(message, status >= 500 ? "server_error" : "invalid_request_error", status), headers, completionTokens: 0 };
  }
  return { ...completion(info, item.content ?? "", item.finishReason ?? "stop", options.omitUsage), headers };
}

/** A 200 whose content is JSON cut off mid-object, as a model stopped by a proxy would send. */
export function malformedAnswer(info: ChatRequestInfo, options: MockOptions): ChatAnswer {
  return completion(info, '{"result": [{"text": "the reply stops he', "stop", options.omitUsage);
}

export function unsupportedFormat(info: ChatRequestInfo, options: MockOptions): ChatAnswer | undefined {
  const supports = { jsonSchema: true, jsonObject: true, ...options.supports };
  const refused = (info.responseFormat === "json_schema" && !supports.jsonSchema) || (info.responseFormat === "json_object" && !supports.jsonObject);
  if (!refused) return undefined;
  // Worded like vLLM / llama.cpp servers that lack guided decoding.
  const message = `response_format type '${info.responseFormat}' is not supported by this server`;
  return { status: 400, body: openAiError(message, "BadRequestError", 400, "response_format"), completionTokens: 0 };
}

/** A 400 worded like OpenAI's for a schema keyword the server does not permit. */
export function refusedKeyword(info: ChatRequestInfo, options: MockOptions): ChatAnswer | undefined {
  if (info.responseFormat !== "json_schema" || !info.schema || !options.refuseKeywords?.length) return undefined;
  const text = JSON.stringify(info.schema);
  const keyword = options.refuseKeywords.find((k) => text.includes(`"${k}":`));
  if (!keyword) return undefined;
  const message = `Invalid schema for response_format '${info.schemaName ?? "reply"}': In context=('properties', 'items'), '${keyword}' is not permitted.`;
  return { status: 400, body: openAiError(message, "invalid_request_error", null, "response_format"), completionTokens: 0 };
}

/** The normal path: a brain (or the schema's minimal value) answers, presented per mode. */
export function brainAnswer(info: ChatRequestInfo, options: MockOptions): ChatAnswer {
  const brain: Brain | undefined = info.schemaName ? (options.responders?.[info.schemaName] ?? judgeBrains[info.schemaName]) : undefined;
  let content: string;
  if (options.schemaRandom && info.schema) {
    const user = brainUserText(info.messages);
    const random = requestRandom(options.schemaRandom.seed, `${JSON.stringify(info.schema)}\n${info.messages.map((m) => m.content).join("\n")}`);
    content = present(randomValue(info.schema, random, langOf(user)), info.responseFormat);
  } else if (brain) {
    const system = info.messages
      .filter((m) => m.role === "system")
      .map((m) => m.content)
      .join("\n\n");
    try {
      content = present(brain({ schemaName: info.schemaName!, system, user: brainUserText(info.messages) }), info.responseFormat);
    } catch (error) {
      const message = `mock brain "${info.schemaName}" failed: ${error instanceof Error ? error.message : String(error)}`;
      return { status: 500, body: openAiError(message, "server_error", 500), completionTokens: 0 };
    }
  } else if (info.schema) {
    content = present(minimalValue(info.schema), info.responseFormat);
  } else {
    // No schema at all (e.g. a connection test): answer like a chat model would.
    content = info.responseFormat === "text" ? "OK" : "{}";
  }
  return finished(info, content, options);
}

/** The reply as sent: cut at max_tokens (finish_reason "length") like a real server. */
function finished(info: ChatRequestInfo, content: string, options: MockOptions): ChatAnswer {
  if (info.maxTokens !== undefined && tokens(content) > info.maxTokens) {
    return completion(info, truncateTokens(content, info.maxTokens), "length", options.omitUsage);
  }
  return completion(info, content, "stop", options.omitUsage);
}

/**
 * The xgrammar mode: the reply a model writes when vLLM or SGLang constrain it with xgrammar
 * (random tokens the grammar compiled from the request's schema allows, words in the input's
 * language). Seeded per request like schema-random. A schema xgrammar does not compile gets the
 * 400 vLLM sends. Requests without a schema are answered as usual.
 */
export async function xgrammarAnswer(info: ChatRequestInfo, options: MockOptions): Promise<ChatAnswer> {
  if (!options.xgrammar || !info.schema || info.schema.type === undefined) return brainAnswer(info, options);
  const engine = await xgrammarEngine();
  const random = requestRandom(options.xgrammar.seed, `${JSON.stringify(info.schema)}\n${info.messages.map((m) => m.content).join("\n")}`);
  try {
    const reply = await engine.generate(info.schema, { random, lang: langOf(brainUserText(info.messages)) });
    return finished(info, info.responseFormat === "text" ? inProse(reply) : reply, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: 400, body: openAiError(message, "BadRequestError", 400, "response_format"), completionTokens: 0 };
  }
}
