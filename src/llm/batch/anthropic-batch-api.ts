import { z } from "zod";
import type { TransportConfig } from "../config";
import { anthropicCustomId, anthropicResultSchema, fromAnthropicResult, type StructuredMode, toAnthropicRequest } from "./anthropic-convert";
import { BatchApiError, type BatchApi, type RemoteBatch } from "./batch-api";
import { batchHttp } from "./batch-http";
import { inlineFiles } from "./inline-files";
import type { BatchInputLine } from "./lines";

/**
 * Anthropic's Message Batches behind the same BatchApi as OpenAI's Files + Batches. There is no
 * file upload: `upload` keeps the JSONL text (inline-files.ts), `create` sends the lines inline as
 * Messages requests. Every call carries the header that
 * Anthropic's CORS answer needs, so the page can call it directly.
 */

export const ANTHROPIC_VERSION = "2023-06-01";

/** Anthropic's limit per batch is 256 MB (and 100,000 requests, above the round driver's 50,000). */
const MAX_BATCH_BYTES = 256_000_000;

export const NO_EMBEDDINGS =
  "Anthropic has no embeddings endpoint: the metrics that compare embeddings need an embeddings server of their own (an embeddings base URL that serves /v1/embeddings)";

const counts = z.object({ processing: z.number(), succeeded: z.number(), errored: z.number(), canceled: z.number(), expired: z.number() });

const messageBatch = z
  .object({
    id: z.string(),
    type: z.literal("message_batch").optional(),
    processing_status: z.enum(["in_progress", "canceling", "ended"]),
    request_counts: counts,
    cancel_initiated_at: z.string().nullish(),
    results_url: z.string().nullish(),
  })
  .passthrough();

const batchList = z.object({ data: z.array(messageBatch) }).passthrough();

/** The base URL's API root: https://api.anthropic.com and https://api.anthropic.com/v1 both mean /v1. */
export function anthropicRoot(baseURL: string): string {
  const trimmed = baseURL.replace(/\/+$/, "");
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

/** A Message Batch as the round driver reads a batch: ended is completed, expired or cancelled. */
export function toRemoteBatch(batch: z.infer<typeof messageBatch>): RemoteBatch {
  const c = batch.request_counts;
  const total = c.processing + c.succeeded + c.errored + c.canceled + c.expired;
  const ended = batch.cancel_initiated_at ? "cancelled" : c.expired > 0 ? "expired" : "completed";
  const status = batch.processing_status === "in_progress" ? "in_progress" : batch.processing_status === "canceling" ? "cancelling" : ended;
  return {
    id: batch.id,
    status,
    request_counts: { total, completed: c.succeeded, failed: c.errored + c.canceled + c.expired },
    // The results live at results_url: the round driver downloads it as the batch's output file.
    output_file_id: batch.processing_status === "ended" ? (batch.results_url ?? null) : null,
    error_file_id: null,
    // Message Batches carry no metadata: a batch created by a process killed before it recorded it cannot be told apart.
    metadata: null,
  };
}

export interface AnthropicBatchOptions {
  fetch?: typeof fetch;
  structured?: StructuredMode;
}

export function anthropicBatchApi(config: TransportConfig, options: AnthropicBatchOptions = {}): BatchApi {
  const root = anthropicRoot(config.baseURL);
  const doFetch = options.fetch ?? config.fetch ?? globalThis.fetch.bind(globalThis);
  const secret = config.apiKey;
  const files = inlineFiles(MAX_BATCH_BYTES);
  const headers = (): Record<string, string> => ({
    "x-api-key": secret,
    "anthropic-version": ANTHROPIC_VERSION,
    "anthropic-dangerous-direct-browser-access": "true",
    "content-type": "application/json",
  });

  const { send, json } = batchHttp({ fetch: doFetch, headers, secret });

  return {
    wireId: anthropicCustomId,
    refuses: (endpoint) => (endpoint === "/v1/embeddings" ? NO_EMBEDDINGS : undefined),
    upload: (text) => files.upload(text),
    create: async (fileId, endpoint, metadata) => {
      if (endpoint === "/v1/embeddings") throw new BatchApiError(NO_EMBEDDINGS, 0, "no_embeddings");
      const requests = files.lines(fileId).map((l) => toAnthropicRequest(JSON.parse(l) as BatchInputLine, options.structured));
      const ids = new Set(requests.map((r) => r.custom_id));
      if (ids.size !== requests.length) throw new BatchApiError("creating the batch: two requests map to the same Anthropic custom_id", 0, undefined);
      const created = await json("creating the batch", `${root}/messages/batches`, messageBatch, { method: "POST", body: JSON.stringify({ requests }) });
      return { ...toRemoteBatch(created), metadata };
    },
    retrieve: async (id) => toRemoteBatch(await json(`reading batch ${id}`, `${root}/messages/batches/${encodeURIComponent(id)}`, messageBatch)),
    recent: async () => (await json("listing batches", `${root}/messages/batches?limit=100`, batchList)).data.map(toRemoteBatch),
    cancel: async (id) =>
      toRemoteBatch(await json(`cancelling batch ${id}`, `${root}/messages/batches/${encodeURIComponent(id)}/cancel`, messageBatch, { method: "POST" })),
    content: async (fileId) => {
      const own = files.text(fileId);
      if (own !== undefined) return own;
      const text = await (await send(`downloading the results ${fileId}`, fileId, { method: "GET" })).text();
      // Results as OpenAI output lines under Anthropic's ids; the round driver maps them back to ours.
      return `${text
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => {
          let json: unknown;
          try {
            json = JSON.parse(l);
          } catch {
            return l; // reported as "not JSON" by parseOutputFile, never guessed at
          }
          const parsed = anthropicResultSchema.safeParse(json);
          if (!parsed.success) return l;
          return JSON.stringify(fromAnthropicResult(parsed.data, parsed.data.custom_id));
        })
        .join("\n")}\n`;
    },
  };
}
