import { embeddingCallRecord } from "../engine/call-record";
import type { CallRecord } from "../engine/result";
import { createClient, endpointFor } from "./client";
import { parseTransportConfig, type TransportConfig, type TransportConfigInput } from "./config";
import { describeError } from "./describe";
import { LlmError } from "./errors";
import { withRetry } from "./retry";

export type EmbeddingCheckResult = ({ ok: true; ms: number } | { ok: false; error: LlmError; diagnosis: string }) & { calls: CallRecord[] };

/** The smallest input that still makes the server load the model. */
const PING_TEXTS = ["ping"];

/**
 * One tiny embeddings request to the embedding model (at the embeddings base URL when one is
 * set), without retries, like testConnection's chat call: an unknown model or a refused
 * connection is told in the same words a metric's failure would use, before any run.
 */
export async function testEmbedding(input: TransportConfigInput | TransportConfig, signal?: AbortSignal): Promise<EmbeddingCheckResult> {
  const config = parseTransportConfig(input);
  const model = config.embeddingModel ?? "";
  const endpoint = endpointFor(config, "embedding");
  const client = createClient(config, "embedding");
  const record = embeddingCallRecord({ promptId: "connection-test", texts: PING_TEXTS }, model);
  const started = performance.now();
  const fail = (error: LlmError): EmbeddingCheckResult => {
    Object.assign(record, { attempts: error.attempts, error: error.message, ms: Math.round(performance.now() - started) });
    const context = { baseURL: endpoint.baseURL, provider: config.providerHint ?? config.provider, model, apiKey: endpoint.apiKey };
    return { ok: false, error, diagnosis: describeError(error, context), calls: [record] };
  };
  try {
    const { value: response, attempts } = await withRetry(
      (attemptSignal) => client.embeddings.create({ model, input: PING_TEXTS, encoding_format: "float" }, { signal: attemptSignal }),
      { maxRetries: 0, timeoutMs: config.timeoutMs, secrets: [endpoint.apiKey], ...(signal ? { signal } : {}) },
    );
    Object.assign(record, { attempts, ms: Math.round(performance.now() - started), promptTokens: response.usage?.prompt_tokens ?? 0 });
    const vector = response.data?.[0]?.embedding;
    if (!vector || (vector as ArrayLike<number>).length === 0) return fail(new LlmError("bad_request", `the embedding model "${model}" returned no vector`));
    return { ok: true, ms: record.ms, calls: [record] };
  } catch (caught) {
    return fail(caught instanceof LlmError ? caught : new LlmError("bad_request", String(caught)));
  }
}
