import { embeddingCallRecord } from "../engine/call-record";
import type { EmbedReply, EmbedRequest, Embedder } from "../engine/ports";
import { MetricError, type CallRecord } from "../engine/result";
import { canonicalJson, sha256Hex } from "../engine/text/sha256";
import { urlSecrets } from "../engine/text/url-secrets";
import { createClient, endpointFor } from "./client";
import { parseTransportConfig, type TransportConfig, type TransportConfigInput } from "./config";
import { describeError } from "./describe";
import { LlmError } from "./errors";
import { withRetry } from "./retry";
import { estimateTokens } from "./tokens";

export interface TransportEmbedder extends Embedder {
  readonly config: TransportConfig;
  /** Skip cache reads (fresh vectors) but still store them. */
  bypassCache: boolean;
}

/** Same texts, same model, same server (and scope, when given): same vectors. The key holds no API key. */
function embeddingCacheKey(baseURL: string, model: string, texts: readonly string[], scope: string | undefined): string {
  return sha256Hex(canonicalJson({ kind: "embedding", baseURL, model, texts, ...(scope !== undefined ? { scope } : {}) }));
}

export function createEmbedder(input: TransportConfigInput | TransportConfig, options: { bypassCache?: boolean } = {}): TransportEmbedder {
  const config = parseTransportConfig(input);
  const client = createClient(config, "embedding");
  const endpoint = endpointFor(config, "embedding");

  async function embed(request: EmbedRequest): Promise<EmbedReply> {
    const model = config.embeddingModel ?? "";
    const record: CallRecord = embeddingCallRecord(request, model);
    if (request.signal?.aborted) throw new MetricError("cancelled", "Cancelled.", []);
    if (!model) {
      throw new MetricError("llm_error", "No embedding model is configured: set the embedding model to score this metric.", []);
    }
    // The API rejects an empty input list; nothing to embed costs nothing.
    if (request.texts.length === 0) return { vectors: [], call: record };

    const key = embeddingCacheKey(endpoint.baseURL, model, request.texts, request.cacheScope);
    const hit = await cachedVectors(key, request.texts.length, request.cacheScope !== undefined);
    if (hit) {
      Object.assign(record, { cached: true, promptTokens: hit.promptTokens });
      return { vectors: hit.vectors, call: record };
    }

    const started = performance.now();
    try {
      const { value: response, attempts } = await withRetry(
        // "float" explicitly: the SDK's default base64 is not understood by every compatible server.
        (signal) => client.embeddings.create({ model, input: request.texts, encoding_format: "float" }, { signal }),
        {
          maxRetries: config.maxRetries,
          timeoutMs: config.timeoutMs,
          secrets: [endpoint.apiKey, ...urlSecrets(endpoint.baseURL)],
          ...(request.signal ? { signal: request.signal } : {}),
          ...(config.sleep ? { sleep: config.sleep } : {}),
          ...(request.onRateLimited ? { onRateLimited: request.onRateLimited } : {}),
        },
      );
      record.attempts = attempts;
      record.ms = Math.round(performance.now() - started);
      record.promptTokens = response.usage?.prompt_tokens ?? request.texts.reduce((sum, text) => sum + estimateTokens(text), 0);
      const rows = [...(response.data ?? [])].sort((a, b) => a.index - b.index);
      const vectors = rows.map((row) => Array.from(row.embedding as ArrayLike<number>));
      if (vectors.length !== request.texts.length || vectors.some((v) => v.length === 0)) {
        record.error = `expected ${request.texts.length} vectors, got ${vectors.length}`;
        throw new MetricError("llm_error", `The embedding server returned ${vectors.length} vectors for ${request.texts.length} texts.`, [record]);
      }
      await remember(key, vectors, record.promptTokens);
      return { vectors, call: record };
    } catch (caught) {
      if (caught instanceof MetricError) throw caught;
      const error = caught instanceof LlmError ? caught : new LlmError("bad_request", String(caught));
      Object.assign(record, { attempts: error.attempts, error: error.message, ms: Math.round(performance.now() - started) });
      if (error.kind === "cancelled") throw new MetricError("cancelled", "Cancelled.", [record]);
      const text = describeError(error, { baseURL: endpoint.baseURL, provider: config.providerHint ?? config.provider, model, apiKey: endpoint.apiKey });
      throw new MetricError("llm_error", text, [record]);
    }
  }

  async function cachedVectors(key: string, count: number, scoped: boolean): Promise<{ vectors: number[][]; promptTokens: number } | undefined> {
    // A scoped request (one repeat of a run) reads its own scope's vectors even when bypassing.
    if (!config.cache || (embedder.bypassCache && !scoped)) return undefined;
    const entry = await config.cache.get(key);
    if (!entry) return undefined;
    try {
      const vectors: unknown = JSON.parse(entry.content);
      // A stale or foreign entry is ignored, never trusted.
      if (
        !Array.isArray(vectors) ||
        vectors.length !== count ||
        !vectors.every((v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "number"))
      )
        return undefined;
      return { vectors: vectors as number[][], promptTokens: entry.promptTokens };
    } catch {
      return undefined;
    }
  }

  async function remember(key: string, vectors: number[][], promptTokens: number): Promise<void> {
    if (!config.cache) return;
    try {
      await config.cache.set(key, { content: JSON.stringify(vectors), promptTokens, completionTokens: 0, mode: "text" });
    } catch {
      // A full or broken cache must not fail a request that already succeeded.
    }
  }

  const embedder: TransportEmbedder = { config, embed, bypassCache: options.bypassCache ?? false };
  return embedder;
}
