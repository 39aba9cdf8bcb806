import { chatCallRecord } from "../engine/call-record";
import type { Judge, JudgeReply, JudgeRequest } from "../engine/ports";
import { MetricError, type CallRecord, type OutputMode } from "../engine/result";
import { chatCacheKey } from "./cache";
import { sendChat, type ChatReply, type RequestShape } from "./chat-request";
import { createClient } from "./client";
import { parseTransportConfig, type TransportConfig, type TransportConfigInput } from "./config";
import { describeError } from "./describe";
import type { LlmError } from "./errors";
import { adaptShape, isFormatRefusal, messagesForMode, nextMode, repairMessages } from "./modes";
import { refusedKeyword, refusedKeywords, rememberRefused, withoutKeywords } from "./schema-support";
import { validateReply, type Validation } from "./validate";

export interface JudgeOptions {
  /** Skip cache reads (fresh answers) but still store validated replies. */
  bypassCache?: boolean;
}

/** The engine's Judge over an OpenAI-compatible server, plus what it learned about that server. */
export interface TransportJudge extends Judge {
  /** The output mode this server accepted last; later calls start there. */
  readonly mode: OutputMode;
  bypassCache: boolean;
  readonly config: TransportConfig;
}

function cancelledError(calls: CallRecord[]): MetricError {
  return new MetricError("cancelled", "Cancelled.", calls);
}

export function createJudge(input: TransportConfigInput | TransportConfig, options: JudgeOptions = {}): TransportJudge {
  const config = parseTransportConfig(input);
  const client = createClient(config, "chat");
  let mode: OutputMode = "json_schema";
  let shape: RequestShape = { tokenParam: "max_tokens", sendTemperature: true };

  const transportError = (error: LlmError, calls: CallRecord[]): MetricError => {
    if (error.kind === "cancelled") return cancelledError(calls);
    const text = describeError(error, {
      baseURL: config.baseURL,
      provider: config.providerHint ?? config.provider,
      model: config.model,
      apiKey: config.apiKey,
    });
    return new MetricError("llm_error", text, calls);
  };

  /** First reply, walking down the modes while the server refuses the response_format. */
  async function firstReply<O>(request: JudgeRequest<O>, calls: CallRecord[]): Promise<{ reply: ChatReply; key: string } | { value: O; missing?: number[] }> {
    for (;;) {
      const current = mode;
      const messages = messagesForMode(request.messages, current, request.output.jsonSchema);
      const key = chatCacheKey({
        baseURL: config.baseURL,
        model: config.model,
        messages,
        schema: request.output.jsonSchema,
        temperature: request.temperature ?? config.temperature,
        mode: current,
        scope: request.cacheScope,
      });
      const hit = await cached(request, key, current, messages, calls);
      if (hit) return hit;
      // Structured output sends the schema minus any keyword this server refused earlier.
      const sent = current === "json_schema" ? withoutKeywords(request.output.jsonSchema, refusedKeywords(config.baseURL)) : request.output.jsonSchema;
      const result = await sendChat({
        client,
        config,
        request: { ...request, output: { ...request.output, jsonSchema: sent } },
        messages,
        mode: current,
        shape,
      });
      calls.push(result.record);
      if (result.ok) return { reply: result, key };
      const adapted = adaptShape(result.error, shape);
      if (adapted) {
        shape = adapted;
        continue;
      }
      const keyword = current === "json_schema" ? refusedKeyword(result.error, sent) : undefined;
      if (keyword) {
        rememberRefused(config.baseURL, keyword);
        continue;
      }
      const lower = isFormatRefusal(result.error) ? nextMode(current) : undefined;
      if (!lower) throw transportError(result.error, calls);
      // Remembered per instance: later calls go straight to the mode that works.
      if (mode === current) mode = lower;
    }
  }

  async function cached<O>(
    request: JudgeRequest<O>,
    key: string,
    current: OutputMode,
    messages: JudgeRequest<O>["messages"],
    calls: CallRecord[],
  ): Promise<{ value: O; missing?: number[] } | undefined> {
    // A scoped request (one repeat of a run) reads its own scope's replies even when bypassing.
    if (!config.cache || (judge.bypassCache && request.cacheScope === undefined)) return undefined;
    const started = performance.now();
    const entry = await config.cache.get(key);
    if (!entry) return undefined;
    const checked = validateReply(entry.content, request.output);
    // A partial reply replays through the same salvage (the caller asks its follow-up, cached too);
    // a stale entry that neither validates nor salvages is ignored, never trusted.
    const partial = checked.ok ? undefined : salvaged(checked, request);
    if (!checked.ok && !partial) return undefined;
    calls.push(
      chatCallRecord(request, config.model, messages, entry.mode ?? current, {
        promptTokens: entry.promptTokens,
        completionTokens: entry.completionTokens,
        ms: Math.round(performance.now() - started),
        cached: true,
        reply: entry.content,
      }),
    );
    return checked.ok ? { value: checked.value } : partial;
  }

  async function remember(key: string, reply: ChatReply, replyMode: OutputMode): Promise<void> {
    if (!config.cache) return;
    try {
      await config.cache.set(key, { content: reply.content, promptTokens: reply.promptTokens, completionTokens: reply.completionTokens, mode: replyMode });
    } catch {
      // A full or broken cache must not fail a judge call that already succeeded.
    }
  }

  /** Reasons a reply cannot even be repaired: truncated at the token limit, or filtered. */
  function unusable(reply: ChatReply, calls: CallRecord[]): MetricError | undefined {
    if (reply.finishReason === "length") {
      return new MetricError(
        "parse_error",
        `The judge's reply was cut off at the token limit (max tokens ${config.maxTokens}) before the JSON was complete: raise max tokens.`,
        calls,
      );
    }
    if (reply.finishReason === "content_filter") {
      return new MetricError("llm_error", "The provider's content filter blocked the judge's reply.", calls);
    }
    return undefined;
  }

  async function complete<O>(request: JudgeRequest<O>): Promise<JudgeReply<O>> {
    const calls: CallRecord[] = [];
    if (request.signal?.aborted) throw cancelledError(calls);
    const first = await firstReply(request, calls);
    if ("value" in first) return { ...first, calls };

    const { reply, key } = first;
    const replyMode = reply.record.mode ?? mode;
    const stop = unusable(reply, calls);
    if (stop) throw stop;
    const checked = validateReply(reply.content, request.output);
    if (checked.ok) {
      await remember(key, reply, replyMode);
      return { value: checked.value, calls };
    }
    // Some items answered: keep them; the caller asks for the rest in one follow-up. The raw reply
    // is stored under its request, so a resumed run replays this salvage instead of asking again.
    const partial = salvaged(checked, request);
    if (partial) {
      await remember(key, reply, replyMode);
      return { ...partial, calls };
    }

    // One repair call: the model sees its reply and what was wrong with it.
    const problem = reply.refusal ? `the model refused: ${reply.refusal}` : checked.problem;
    const messages = repairMessages(reply.record.messages ?? [], reply.content, problem);
    const repaired = await sendChat({ client, config, request, messages, mode: replyMode, shape });
    calls.push(repaired.record);
    if (!repaired.ok) throw transportError(repaired.error, calls);
    const stopAgain = unusable(repaired, calls);
    if (stopAgain) throw stopAgain;
    const second = validateReply(repaired.content, request.output);
    if (second.ok) {
      await remember(key, repaired, replyMode);
      return { value: second.value, calls };
    }
    const partialRepair = salvaged(second, request);
    if (partialRepair) {
      await remember(key, repaired, replyMode);
      return { ...partialRepair, calls };
    }
    throw new MetricError(
      "parse_error",
      `The judge's reply for "${request.promptId}" could not be used, even after one repair request: ${second.problem}. (First reply: ${problem}.)`,
      calls,
    );
  }

  function salvaged<O>(checked: Validation<O>, request: JudgeRequest<O>): { value: O; missing: number[] } | undefined {
    if (checked.ok || checked.json === undefined || !request.output.salvage) return undefined;
    return request.output.salvage(checked.json);
  }

  const judge: TransportJudge = {
    get mode() {
      return mode;
    },
    bypassCache: options.bypassCache ?? false,
    config,
    complete,
  };
  return judge;
}
