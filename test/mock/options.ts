import type { Brain } from "./brains";

/** Probabilities per request, drawn from a seeded PRNG so a failing run can be replayed. */
export interface FaultOptions {
  rate429?: number;
  /** Sent as retry-after (rounded up) and retry-after-ms (exact) on a 429. Default 1. */
  retryAfterSeconds?: number;
  rate500?: number;
  /** A cut-off reply: a 200 whose JSON stops mid-object (finish_reason "stop"). */
  rateMalformed?: number;
  /** Never answers; the request ends only when the client gives up. */
  rateHang?: number;
  seed?: number;
}

/** One-shot reply for the next chat request, for tests that need an exact sequence. */
export interface ScriptedReply {
  status?: number;
  /** The assistant message content, sent as is (no fence, no truncation). */
  content?: string;
  /** The whole response body instead (JSON-encoded unless a string). */
  body?: unknown;
  headers?: Record<string, string>;
  finishReason?: "stop" | "length" | "content_filter";
  /** Never answer this one. */
  hang?: boolean;
}

export type CorsMode = "open" | "strict" | "none";

export interface MockOptions {
  port?: number;
  host?: string;
  latencyMs?: number;
  apiKey?: string;
  models?: string[];
  cors?: CorsMode;
  supports?: { jsonSchema?: boolean; jsonObject?: boolean };
  faults?: FaultOptions;
  responders?: Record<string, Brain>;
  /**
   * Answer every chat request with random JSON valid under that request's schema (see
   * random-json.ts) instead of the cooperative brains: what a schema-enforcing server guarantees
   * and nothing more. The seed makes every reply reproducible.
   */
  schemaRandom?: { seed: number };
  /**
   * Answer every chat request with a reply written under xgrammar's grammar for the request's
   * schema (see xgrammar.ts): a judge as vLLM or SGLang would constrain it. Seeded per request.
   */
  xgrammar?: { seed: number };
  /** Refuse structured-output schemas that use these keywords (400), as some servers do with minItems. */
  refuseKeywords?: string[];
  script?: ScriptedReply[];
  omitUsage?: boolean;
  /** Repeat the bearer key the request presented inside each chat reply (see echo-key.ts). */
  echoApiKey?: boolean;
  /** Serve HTTP/2 (and HTTP/1.1) over TLS with this key and certificate (PEM). */
  tls?: { key: string; cert: string };
}

export type RequestKind = "chat" | "embedding" | "models" | "other";
export type ResponseFormatKind = "json_schema" | "json_object" | "text";
export type FaultKind = "rate429" | "rate500" | "malformed" | "hang";

export interface MockRequestRecord {
  path: string;
  /** The query string's parameters (a gateway's api-key, Azure's api-version). */
  query: Record<string, string>;
  method: string;
  kind: RequestKind;
  model: string;
  schemaName?: string;
  responseFormat?: ResponseFormatKind;
  promptTokens: number;
  /** Tokens of the json_schema sent in response_format (0 if none). */
  schemaTokens: number;
  completionTokens: number;
  /** Number of texts in an embeddings request. */
  inputCount: number;
  /** 0 while the request is still open (or when it hung until the client left). */
  status: number;
  fault?: FaultKind;
  scripted?: boolean;
  /** performance.now() based, in ms. */
  startedAt: number;
  endedAt: number;
  /** Request headers, names lower-cased. */
  headers: Record<string, string>;
  /** The parsed request body (chat and embeddings). */
  body?: unknown;
}

export const DEFAULT_MODELS = ["mock-judge", "mock-embedding"];

/** Shallow merge; `faults` and `script` replace the old values as a whole. */
export function mergeOptions(base: MockOptions, partial: MockOptions): MockOptions {
  const merged: MockOptions = { ...base, ...partial };
  if (partial.supports) merged.supports = { ...base.supports, ...partial.supports };
  if (partial.responders) merged.responders = { ...base.responders, ...partial.responders };
  return merged;
}
