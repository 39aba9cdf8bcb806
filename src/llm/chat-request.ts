import { chatCallRecord } from "../engine/call-record";
import type OpenAI from "openai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import type { ChatMessage, JudgeRequest } from "../engine/ports";
import { urlSecrets } from "../engine/text/url-secrets";
import type { CallRecord, OutputMode } from "../engine/result";
import type { TransportConfig } from "./config";
import { LlmError } from "./errors";
import { CUT_OFF_REASON, extractJson } from "./extract";
import { withRetry } from "./retry";
import { estimateMessagesTokens, estimateTokens } from "./tokens";

/**
 * Request details some servers insist on differently: OpenAI's reasoning models refuse
 * max_tokens (they want max_completion_tokens) and any temperature but the default.
 */
export interface RequestShape {
  tokenParam: "max_tokens" | "max_completion_tokens";
  sendTemperature: boolean;
}

export interface ChatReply {
  ok: true;
  content: string;
  finishReason: string | null;
  refusal: string | undefined;
  /** The model name the server reports (often more specific than the one requested). */
  servedModel: string;
  promptTokens: number;
  completionTokens: number;
  record: CallRecord;
}

export interface ChatFailure {
  ok: false;
  error: LlmError;
  record: CallRecord;
}

export interface ChatCall {
  client: OpenAI;
  config: TransportConfig;
  request: JudgeRequest<unknown>;
  messages: ChatMessage[];
  mode: OutputMode;
  shape: RequestShape;
  /** Overrides config.maxRetries (the connection test makes exactly one attempt). */
  maxRetries?: number;
  maxTokens?: number;
}

/** The request body of one chat call (also a batch line's body: the same request, another transport). */
export function chatBody(call: Omit<ChatCall, "client">): ChatCompletionCreateParamsNonStreaming {
  const { config, request, messages, mode, shape } = call;
  const body: ChatCompletionCreateParamsNonStreaming = { model: config.model, messages: messages.map((m) => ({ role: m.role, content: m.content })) };
  if (shape.sendTemperature) body.temperature = request.temperature ?? config.temperature;
  body[shape.tokenParam] = call.maxTokens ?? config.maxTokens;
  if (mode === "json_schema") {
    body.response_format = {
      type: "json_schema",
      json_schema: { name: request.output.name, schema: request.output.jsonSchema, strict: true },
    };
  } else if (mode === "json_object") {
    body.response_format = { type: "json_object" };
  }
  return body;
}

function baseRecord(call: ChatCall): CallRecord {
  const { request, config, mode, messages } = call;
  return chatCallRecord(request, config.model, messages, mode);
}

/** One chat completion with retries; never throws, so the caller can record every call. */
export async function sendChat(call: ChatCall): Promise<ChatReply | ChatFailure> {
  const { client, config, request } = call;
  const record = baseRecord(call);
  const body = chatBody(call);
  const started = performance.now();
  // Tokens of attempts that were billed but not used (replies cut off mid-JSON, then retried).
  const wasted = { prompt: 0, completion: 0 };
  const attempt = async (signal: AbortSignal) => {
    const completion = await client.chat.completions.create(body, { signal });
    const choice = completion.choices?.[0];
    if (isCutOff(choice?.message?.content ?? "", choice?.finish_reason ?? null)) {
      wasted.prompt += completion.usage?.prompt_tokens ?? estimateMessagesTokens(call.messages);
      wasted.completion += completion.usage?.completion_tokens ?? estimateTokens(choice?.message?.content ?? "");
      throw new LlmError("server", "the reply was cut off before its JSON was complete");
    }
    return completion;
  };
  try {
    const { value: completion, attempts } = await withRetry(attempt, {
      maxRetries: call.maxRetries ?? config.maxRetries,
      timeoutMs: config.timeoutMs,
      secrets: [config.apiKey, ...urlSecrets(config.baseURL)],
      ...(request.signal ? { signal: request.signal } : {}),
      ...(config.sleep ? { sleep: config.sleep } : {}),
      ...(request.onRateLimited ? { onRateLimited: request.onRateLimited } : {}),
    });
    const choice = completion.choices?.[0];
    const content = choice?.message?.content ?? "";
    const usage = completion.usage;
    // Servers without usage get an estimate, so cost totals are never silently zero.
    const promptTokens = (usage?.prompt_tokens ?? estimateMessagesTokens(call.messages)) + wasted.prompt;
    const completionTokens = (usage?.completion_tokens ?? estimateTokens(content)) + wasted.completion;
    Object.assign(record, { promptTokens, completionTokens, attempts, reply: content, ms: Math.round(performance.now() - started) });
    const refusal = choice?.message?.refusal ?? undefined;
    const servedModel = typeof completion.model === "string" && completion.model ? completion.model : config.model;
    return { ok: true, content, finishReason: choice?.finish_reason ?? null, refusal, servedModel, promptTokens, completionTokens, record };
  } catch (caught) {
    const error = caught instanceof LlmError ? caught : new LlmError("bad_request", String(caught));
    Object.assign(record, {
      attempts: error.attempts,
      error: error.message,
      promptTokens: wasted.prompt,
      completionTokens: wasted.completion,
      ms: Math.round(performance.now() - started),
    });
    return { ok: false, error, record };
  }
}

/**
 * A 200 whose JSON stops mid-way without the token limit being the cause (a proxy or server that
 * dropped the end): a fault like a 5xx, so the same request is retried, not repaired. A reply cut
 * by max_tokens is not: it would be cut again (the judge reports it as parse_error).
 */
function isCutOff(content: string, finishReason: string | null): boolean {
  if (finishReason === "length" || !content.trim()) return false;
  const extracted = extractJson(content);
  return !extracted.ok && extracted.reason === CUT_OFF_REASON;
}
