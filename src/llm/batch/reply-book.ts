import type { EmbedReply, EmbedRequest, JudgeReply, JudgeRequest } from "../../engine/ports";
import type { ReplyBook } from "../../engine/run/batch-plan";
import { type CallRecord, MetricError } from "../../engine/result";
import { canonicalJson, sha256Hex } from "../../engine/text/sha256";
import type { TransportConfig } from "../config";
import { estimateMessagesTokens, estimateTokens } from "../tokens";
import { validateReply } from "../validate";
import { sharedIdOf } from "./distinct";
import type { BatchOutputLine } from "../../engine/run/batch-records";
import { errorText, type LineRequest } from "./lines";

/**
 * What the batches brought back, as the engine's ReplyBook: a line is read the way the sync judge
 * reads a reply (the same validation, the same salvage of partial replies), a failed or expired
 * line is an llm_error null in the provider's own words.
 */

const readChatBody = (body: unknown) => {
  const b = body as {
    model?: unknown;
    choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const choice = Array.isArray(b?.choices) ? b.choices[0] : undefined;
  return {
    content: typeof choice?.message?.content === "string" ? choice.message.content : "",
    finishReason: typeof choice?.finish_reason === "string" ? choice.finish_reason : null,
    promptTokens: typeof b?.usage?.prompt_tokens === "number" ? b.usage.prompt_tokens : undefined,
    completionTokens: typeof b?.usage?.completion_tokens === "number" ? b.usage.completion_tokens : undefined,
  };
};

/** The provider's words for a line that did not succeed. */
export function lineFailure(line: BatchOutputLine): string | undefined {
  const error = errorText(line.error);
  if (error)
    return `The batch line failed${error.code ? ` (${error.code})` : ""}${line.response ? ` with HTTP ${line.response.status_code}` : ""}: ${error.message}`;
  if (!line.response) return "The batch returned no response for this request.";
  if (line.response.status_code !== 200) {
    const body = line.response.body as { error?: { message?: unknown } } | undefined;
    const message = typeof body?.error?.message === "string" ? body.error.message : JSON.stringify(line.response.body ?? null).slice(0, 300);
    return `The batch line failed with HTTP ${line.response.status_code}: ${message}`;
  }
  return undefined;
}

/** The engine's book, and which lines it served (the others answer no request of this run). */
export interface BatchReplyBook extends ReplyBook {
  used(): ReadonlySet<string>;
}

export function replyBook(lines: ReadonlyMap<string, BatchOutputLine>, config: TransportConfig): BatchReplyBook {
  const used = new Set<string>();
  /**
   * A call's line: under its own id, or under the id of the line it shared with other rows
   * (distinct.ts). The first call a shared line serves in a pass holds the billed copy; the
   * others are marked cached, as the sync run's reply cache marks a repeat.
   */
  const find = (call: LineRequest): { line: BatchOutputLine; cached: boolean } | undefined => {
    const own = lines.get(call.customId);
    const id = own ? call.customId : sharedIdOf(call, config);
    const line = own ?? lines.get(id);
    if (!line) return undefined;
    const cached = !own && used.has(id);
    used.add(id);
    return { line, cached };
  };
  return {
    used: () => used,
    chat<O>(customId: string, request: JudgeRequest<O>): JudgeReply<O> | MetricError | undefined {
      const found = find({ customId, kind: "chat", request: request as JudgeRequest<unknown> });
      if (!found) return undefined;
      const { line } = found;
      const record: CallRecord = {
        kind: "chat",
        promptId: request.promptId,
        promptHash: request.promptHash,
        ...(request.promptVersion !== undefined ? { promptVersion: request.promptVersion } : {}),
        model: config.model,
        promptTokens: 0,
        completionTokens: 0,
        ms: 0,
        cached: found.cached,
        attempts: 1,
        mode: "json_schema",
        messages: request.messages.map((m) => ({ ...m })),
      };
      const failure = lineFailure(line);
      if (failure) {
        record.error = failure;
        return new MetricError("llm_error", failure, [record]);
      }
      const reply = readChatBody(line.response!.body);
      Object.assign(record, {
        promptTokens: reply.promptTokens ?? estimateMessagesTokens(request.messages),
        completionTokens: reply.completionTokens ?? estimateTokens(reply.content),
        reply: reply.content,
      });
      const calls = [record];
      if (reply.finishReason === "length") {
        return new MetricError(
          "parse_error",
          `The judge's reply was cut off at the token limit (max tokens ${config.maxTokens}) before the JSON was complete: raise max tokens.`,
          calls,
        );
      }
      if (reply.finishReason === "content_filter") return new MetricError("llm_error", "The provider's content filter blocked the judge's reply.", calls);
      const checked = validateReply(reply.content, request.output);
      if (checked.ok) return { value: checked.value, calls };
      const partial = checked.json !== undefined ? request.output.salvage?.(checked.json) : undefined;
      if (partial) return { ...partial, calls };
      return new MetricError("parse_error", `The judge's reply for "${request.promptId}" in the batch could not be used: ${checked.problem}.`, calls);
    },
    embedding(customId: string, request: EmbedRequest): EmbedReply | MetricError | undefined {
      const found = find({ customId, kind: "embedding", request });
      if (!found) return undefined;
      const { line } = found;
      const model = config.embeddingModel ?? "";
      const record: CallRecord = {
        kind: "embedding",
        promptId: request.promptId,
        promptHash: sha256Hex(canonicalJson({ model, texts: request.texts })),
        model,
        promptTokens: 0,
        completionTokens: 0,
        ms: 0,
        cached: found.cached,
        attempts: 1,
      };
      const failure = lineFailure(line);
      if (failure) {
        record.error = failure;
        return new MetricError("llm_error", failure, [record]);
      }
      const body = line.response!.body as { data?: { index?: number; embedding?: unknown }[]; usage?: { prompt_tokens?: number } };
      const rows = [...(Array.isArray(body?.data) ? body.data : [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      const vectors = rows.map((r) => (Array.isArray(r.embedding) ? (r.embedding as number[]) : []));
      record.promptTokens = body?.usage?.prompt_tokens ?? request.texts.reduce((sum, t) => sum + estimateTokens(t), 0);
      if (vectors.length !== request.texts.length || vectors.some((v) => v.length === 0 || v.some((x) => typeof x !== "number"))) {
        record.error = `expected ${request.texts.length} vectors, got ${vectors.length}`;
        return new MetricError("llm_error", `The embedding batch returned ${vectors.length} vectors for ${request.texts.length} texts.`, [record]);
      }
      return { vectors, call: record };
    },
  };
}
