import { z } from "zod";
import type { TransportConfig } from "../config";
import { BatchApiError, type BatchApi, type RemoteBatch } from "./batch-api";
import { batchHttp } from "./batch-http";
import { inlineFiles } from "./inline-files";
import type { BatchInputLine } from "./lines";

/**
 * OpenRouter's batches behind the same BatchApi: no file upload, the round's lines go inline as
 * `{custom_id, body}` (the OpenAI body unchanged) to POST {base}/batches with `endpoint` and
 * `model` ahead of `requests` (OpenRouter stream-parses the body and answers 400 otherwise); the
 * batch object has OpenAI's statuses and counts; the results are read page by page from
 * GET {base}/batches/{id}/results, in OpenAI's output-line shape. Documented at
 * https://openrouter.ai/docs/api/api-reference/batch/create-a-batch, .../get-a-batch,
 * .../get-batch-results and https://openrouter.ai/docs/batch-quickstart. No cancel is documented.
 */

/** The "file" a finished batch's results are read from: its results pages. */
const RESULTS = "openrouter-results:";

/** Not documented for OpenRouter: OpenAI's 200 MB stands in, the request count is the round driver's 50,000. */
const MAX_BATCH_BYTES = 200_000_000;

const batchObject = z
  .object({
    id: z.string(),
    status: z.enum(["validating", "failed", "in_progress", "finalizing", "completed", "expired", "cancelling", "cancelled"]),
    request_counts: z.object({ total: z.number(), completed: z.number(), failed: z.number() }).nullish(),
    error: z.object({ message: z.string().nullish() }).passthrough().nullish(),
  })
  .passthrough();

const batchList = z.object({ data: z.array(batchObject) }).passthrough();

const resultLine = z
  .object({
    id: z.string().optional(),
    custom_id: z.string(),
    response: z.object({ status_code: z.number(), request_id: z.string().nullish(), body: z.unknown() }).passthrough().nullish(),
    error: z
      .object({ message: z.string(), type: z.string().nullish(), code: z.union([z.string(), z.number()]).nullish() })
      .passthrough()
      .nullish(),
  })
  .passthrough();

const resultsPage = z.object({ data: z.array(resultLine), has_more: z.boolean(), next_cursor: z.string().nullish() }).passthrough();

const TERMINAL = new Set(["completed", "failed", "expired", "cancelled"]);

function toRemoteBatch(batch: z.infer<typeof batchObject>): RemoteBatch {
  const message = batch.error?.message;
  return {
    id: batch.id,
    status: batch.status,
    request_counts: batch.request_counts ?? null,
    // A failed batch (refused at validation) has no results: the round driver codes its lines in the batch's words.
    output_file_id: TERMINAL.has(batch.status) && batch.status !== "failed" ? `${RESULTS}${batch.id}` : null,
    error_file_id: null,
    errors: message ? { data: [{ message }] } : null,
    metadata: null,
  };
}

export function openRouterBatchApi(config: TransportConfig, purpose: "chat" | "embedding" = "chat"): BatchApi {
  const base = (purpose === "embedding" ? (config.embeddingBaseURL ?? config.baseURL) : config.baseURL).replace(/\/+$/, "");
  const secret = purpose === "embedding" ? (config.embeddingApiKey ?? config.apiKey) : config.apiKey;
  const files = inlineFiles(MAX_BATCH_BYTES);
  const { json } = batchHttp({
    fetch: config.fetch ?? globalThis.fetch.bind(globalThis),
    headers: () => ({ authorization: `Bearer ${secret}`, "content-type": "application/json" }),
    secret,
  });

  return {
    upload: (text) => files.upload(text),
    create: async (fileId, endpoint) => {
      const lines = files.lines(fileId).map((l) => JSON.parse(l) as BatchInputLine);
      const model = String(lines[0]?.body.model ?? "");
      // endpoint and model first: JSON.stringify keeps the insertion order.
      const body = JSON.stringify({
        endpoint,
        model,
        completion_window: "24h",
        requests: lines.map((line) => ({ custom_id: line.custom_id, body: line.body })),
      });
      return toRemoteBatch(await json("creating the batch", `${base}/batches`, batchObject, { method: "POST", body }));
    },
    retrieve: async (id) => toRemoteBatch(await json(`reading batch ${id}`, `${base}/batches/${encodeURIComponent(id)}`, batchObject)),
    recent: async () => (await json("listing batches", `${base}/batches`, batchList)).data.map(toRemoteBatch),
    cancel: async (id) => {
      throw new BatchApiError(`cancelling batch ${id}: OpenRouter's batch API has no cancel; the batch runs to its end`, 0, "no_cancel");
    },
    content: async (fileId) => {
      const own = files.text(fileId);
      if (own !== undefined) return own;
      if (!fileId.startsWith(RESULTS)) throw new BatchApiError(`downloading ${fileId}: not an OpenRouter batch's results`, 0, undefined);
      const id = encodeURIComponent(fileId.slice(RESULTS.length));
      const out: string[] = [];
      let cursor: string | null | undefined;
      do {
        const page = await json(
          `downloading the results of batch ${id}`,
          `${base}/batches/${id}/results${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
          resultsPage,
        );
        out.push(...page.data.map((line) => JSON.stringify(line)));
        cursor = page.has_more ? page.next_cursor : undefined;
      } while (cursor);
      return out.length > 0 ? `${out.join("\n")}\n` : "";
    },
  };
}

/** Whether a base URL is OpenRouter's. */
export function isOpenRouterUrl(baseURL: string): boolean {
  try {
    const host = new URL(baseURL).hostname.toLowerCase();
    return host === "openrouter.ai" || host.endsWith(".openrouter.ai");
  } catch {
    return false;
  }
}
