/** The transport: the engine's Judge and Embedder ports over any OpenAI-compatible server. */
export { createJudge, type JudgeOptions, type TransportJudge } from "./judge";
export { createEmbedder, type TransportEmbedder } from "./embedder";
export { testConnection, type ConnectionResult } from "./connection";
export { testEmbedding, type EmbeddingCheckResult } from "./embedding-check";
export {
  checkTransportConfig,
  isOpenAiHost,
  parseTransportConfig,
  type SleepFn,
  type TransportConfig,
  type TransportConfigInput,
} from "./config";
export { MemoryResponseCache, chatCacheKey, type CachedReply, type ChatCacheKeyParts, type ResponseCache } from "./cache";
export { LlmError, classifyError, isLlmError, isRetryable, redact, type LlmErrorKind } from "./errors";
export { describeError, guessProvider, type DescribeContext, type ProviderHint } from "./describe";
export { backoffDelay, retryDelay, withRetry, type RetryOptions } from "./retry";
export { extractJson, fitToSchema, type Extraction } from "./extract";
export { SDK_TELEMETRY_HEADERS } from "./client";
export { estimateTokens, estimateMessagesTokens } from "./tokens";
