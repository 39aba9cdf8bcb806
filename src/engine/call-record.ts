import type { ChatMessage, EmbedRequest, JudgeRequest } from "./ports";
import type { CallRecord, OutputMode } from "./result";
import { canonicalJson, sha256Hex } from "./text/sha256";

/** What a request cost and how it went; everything not given starts at zero (no tokens, not cached, no attempt yet). */
export type CallCounts = Partial<Pick<CallRecord, "promptTokens" | "completionTokens" | "ms" | "cached" | "attempts" | "reply" | "error">>;

const ZERO = { promptTokens: 0, completionTokens: 0, ms: 0, cached: false, attempts: 0 } as const;

/**
 * The one way a chat request becomes a CallRecord (contract 4's `calls`), for every judge: the
 * real transport, its cache and the demo. The messages are copied, so a later edit of the
 * request cannot change what the trace says was sent.
 */
export function chatCallRecord(
  request: Pick<JudgeRequest<unknown>, "promptId" | "promptHash" | "promptVersion">,
  model: string,
  messages: readonly ChatMessage[],
  mode: OutputMode,
  counts: CallCounts = {},
): CallRecord {
  return {
    kind: "chat",
    promptId: request.promptId,
    promptHash: request.promptHash,
    ...(request.promptVersion !== undefined ? { promptVersion: request.promptVersion } : {}),
    model,
    ...ZERO,
    mode,
    messages: messages.map((m) => ({ ...m })),
    ...counts,
  };
}

/**
 * The one way an embeddings request becomes a CallRecord. Embeddings have no prompt text: the hash
 * identifies what was embedded with which model, for the call log.
 */
export function embeddingCallRecord(request: Pick<EmbedRequest, "promptId" | "texts">, model: string, counts: CallCounts = {}): CallRecord {
  return {
    kind: "embedding",
    promptId: request.promptId,
    promptHash: sha256Hex(canonicalJson({ model, texts: request.texts })),
    model,
    ...ZERO,
    ...counts,
  };
}
