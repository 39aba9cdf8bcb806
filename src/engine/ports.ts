import { z } from "zod";
import { type CallRecord, type OutputMode, outputModeSchema } from "./result";

/**
 * The engine's only doors to the outside world. The llm layer implements them over the openai SDK;
 * tests and the demo judge implement them over recorded replies.
 */

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface JudgeOutputSpec<O> {
  /** Name sent as the json_schema name: letters, digits, _ and - only. */
  name: string;
  /** Strict JSON Schema of the reply (structured output). */
  jsonSchema: Record<string, unknown>;
  /** Validates (and gently coerces) the parsed reply; a failure triggers the repair path. */
  schema: z.ZodType<O>;
  /**
   * For replies that answer numbered items: keeps the valid items of a complete reply that fails
   * `schema` (JSON mode and plain text are not held to the schema), so the caller asks again for
   * the missing items only instead of repairing the whole reply.
   */
  salvage?: (json: unknown) => Salvaged<O> | undefined;
}

/** What a partial reply still gave: `value` with holes at the 0-based `missing` items. */
export interface Salvaged<O> {
  value: O;
  missing: number[];
}

export interface JudgeRequest<O> {
  promptId: string;
  promptHash: string;
  promptVersion?: string;
  messages: ChatMessage[];
  output: JudgeOutputSpec<O>;
  signal?: AbortSignal;
  /** Called when the server rate-limits this request, so a shared limiter can slow down. */
  onRateLimited?: (retryAfterMs: number | undefined) => void;
  /** Queue order hint: requests that later steps wait on go first. */
  priority?: number;
  /** Sampling temperature for this request instead of the transport's (a custom judge's k votes). */
  temperature?: number;
  /**
   * Stored replies are kept apart per scope (one repeat of a run: its replies serve a resume of that
   * repeat, never another repeat, which must ask the judge itself). Absent: shared as usual.
   */
  cacheScope?: string;
}

export interface JudgeReply<O> {
  value: O;
  /** Every request made to get this value (first try, fallbacks, repair). */
  calls: CallRecord[];
  /** Set only for an output with `salvage` whose reply covered some items: these are missing from `value`. */
  missing?: number[];
}

/** Throws MetricError with code parse_error, llm_error or cancelled; never returns an invalid value. */
export interface Judge {
  complete<O>(request: JudgeRequest<O>): Promise<JudgeReply<O>>;
}

export interface EmbedRequest {
  texts: string[];
  promptId: string;
  signal?: AbortSignal;
  onRateLimited?: (retryAfterMs: number | undefined) => void;
  priority?: number;
  /** As JudgeRequest's: stored vectors kept apart per scope. */
  cacheScope?: string;
}

export interface EmbedReply {
  vectors: number[][];
  call: CallRecord;
}

/** Embeds every text of the request in ONE request. */
export interface Embedder {
  embed(request: EmbedRequest): Promise<EmbedReply>;
}

/** A validated judge reply (or embedding vectors), stored so the same request never costs twice. */
export interface CachedReply {
  content: string;
  promptTokens: number;
  completionTokens: number;
  mode: OutputMode;
}

/** What every stored copy of a CachedReply (IndexedDB row, CLI cache line) is parsed with on read. */
export const cachedReplySchema = z.object({
  content: z.string(),
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  mode: outputModeSchema,
}) satisfies z.ZodType<CachedReply>;

/** Port: the llm layer keeps replies in memory; the storage layer implements it over IndexedDB. */
export interface ResponseCache {
  get(key: string): Promise<CachedReply | undefined>;
  set(key: string, value: CachedReply): Promise<void>;
}
