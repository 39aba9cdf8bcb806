import type { TransportConfig } from "../config";
import { anthropicBatchApi } from "./anthropic-batch-api";
import { type BatchApi, openAiBatchApi } from "./batch-api";

/**
 * Which batch API a base URL speaks: Anthropic's Message Batches for api.anthropic.com (or when
 * the run says so: the CLI's --batch-provider, for a proxy or a mock on another host), else
 * OpenAI's Files + Batches (OpenAI, Azure, and every server that copies them).
 */

export const BATCH_PROVIDERS = ["auto", "openai", "anthropic"] as const;
export type BatchProvider = (typeof BATCH_PROVIDERS)[number];

function isAnthropicUrl(baseURL: string): boolean {
  try {
    return new URL(baseURL).hostname.toLowerCase() === "api.anthropic.com";
  } catch {
    return false;
  }
}

/** The dialect of the chat endpoint: the explicit choice, else the base URL's host. */
export function batchDialect(config: Pick<TransportConfig, "baseURL">, provider: BatchProvider = "auto"): "openai" | "anthropic" {
  if (provider !== "auto") return provider;
  return isAnthropicUrl(config.baseURL) ? "anthropic" : "openai";
}

/**
 * Whether the run's embeddings would go to Anthropic, which has none: true when there is no
 * embeddings server of their own (embeddingBaseURL) and the chat endpoint is Anthropic's.
 */
export function embeddingsAtAnthropic(config: Pick<TransportConfig, "baseURL" | "embeddingBaseURL">, provider: BatchProvider = "auto"): boolean {
  if (config.embeddingBaseURL && config.embeddingBaseURL !== config.baseURL) return isAnthropicUrl(config.embeddingBaseURL);
  return batchDialect(config, provider) === "anthropic";
}

/**
 * The batch API for one purpose. Embeddings go to the embeddings endpoint's own Files + Batches;
 * when that endpoint is Anthropic's, the API refuses to create their batch in words (NO_EMBEDDINGS).
 */
export function batchApiFor(config: TransportConfig, purpose: "chat" | "embedding", provider: BatchProvider = "auto"): BatchApi {
  if (purpose === "embedding") return embeddingsAtAnthropic(config, provider) ? anthropicBatchApi(config) : openAiBatchApi(config, "embedding");
  return batchDialect(config, provider) === "anthropic" ? anthropicBatchApi(config) : openAiBatchApi(config, "chat");
}
