import type { TransportConfig } from "../config";
import { anthropicBatchApi } from "./anthropic-batch-api";
import { type BatchApi, openAiBatchApi } from "./batch-api";
import { isOpenRouterUrl, openRouterBatchApi } from "./openrouter-batch-api";

/**
 * Which batch API a base URL speaks: Anthropic's Message Batches for api.anthropic.com,
 * OpenRouter's inline batches for openrouter.ai, else OpenAI's Files + Batches (OpenAI, Azure, and
 * every server that copies them). The run can say so itself (the CLI's --batch-provider), for a
 * proxy or a mock on another host.
 */

export const BATCH_PROVIDERS = ["auto", "openai", "anthropic", "openrouter"] as const;
export type BatchProvider = (typeof BATCH_PROVIDERS)[number];
type Dialect = Exclude<BatchProvider, "auto">;

function isAnthropicUrl(baseURL: string): boolean {
  try {
    return new URL(baseURL).hostname.toLowerCase() === "api.anthropic.com";
  } catch {
    return false;
  }
}

const urlDialect = (baseURL: string): Dialect => (isAnthropicUrl(baseURL) ? "anthropic" : isOpenRouterUrl(baseURL) ? "openrouter" : "openai");

/** The dialect of the chat endpoint: the explicit choice, else the base URL's host. */
export function batchDialect(config: Pick<TransportConfig, "baseURL">, provider: BatchProvider = "auto"): Dialect {
  return provider !== "auto" ? provider : urlDialect(config.baseURL);
}

/** The embeddings endpoint's dialect: its own server's (embeddingBaseURL), else the chat endpoint's. */
function embeddingsDialect(config: Pick<TransportConfig, "baseURL" | "embeddingBaseURL">, provider: BatchProvider): Dialect {
  return config.embeddingBaseURL && config.embeddingBaseURL !== config.baseURL ? urlDialect(config.embeddingBaseURL) : batchDialect(config, provider);
}

/**
 * The batch API for one purpose. Embeddings go to the embeddings endpoint's own batch API; when
 * that endpoint is Anthropic's, the API refuses to create their batch in words (NO_EMBEDDINGS).
 */
export function batchApiFor(config: TransportConfig, purpose: "chat" | "embedding", provider: BatchProvider = "auto"): BatchApi {
  const dialect = purpose === "embedding" ? embeddingsDialect(config, provider) : batchDialect(config, provider);
  if (dialect === "anthropic") return anthropicBatchApi(config);
  if (dialect === "openrouter") return openRouterBatchApi(config, purpose);
  return openAiBatchApi(config, purpose);
}
