import type OpenAI from "openai";
import { toFile } from "openai";
import { createClient } from "../client";
import type { TransportConfig } from "../config";
import { redact } from "../errors";
import type { BatchEndpoint } from "../../engine/run/batch-records";

/** The provider's batch object, as much of it as we read. */
export interface RemoteBatch {
  id: string;
  status: "validating" | "failed" | "in_progress" | "finalizing" | "completed" | "expired" | "cancelling" | "cancelled";
  request_counts?: { total: number; completed: number; failed: number } | null;
  output_file_id?: string | null;
  error_file_id?: string | null;
  errors?: { data?: { code?: string | null; message?: string | null; line?: number | null }[] } | null;
  metadata?: Record<string, string> | null;
}

export const ENDED: readonly RemoteBatch["status"][] = ["failed", "completed", "expired", "cancelled"];

/** A refused or failed batch API call, in the provider's words; `status` is the HTTP status (0: no answer). */
export class BatchApiError extends Error {
  override name = "BatchApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** The calls a batch run makes: Files + Batches (OpenAI, Azure) or Message Batches (anthropic-batch-api.ts). */
export interface BatchApi {
  upload(text: string, filename: string): Promise<{ id: string }>;
  create(fileId: string, endpoint: BatchEndpoint, metadata: Record<string, string>): Promise<RemoteBatch>;
  retrieve(id: string): Promise<RemoteBatch>;
  /** Recent batches, newest first (to find one a killed process created but never recorded). */
  recent(): Promise<RemoteBatch[]>;
  cancel(id: string): Promise<RemoteBatch>;
  content(fileId: string): Promise<string>;
  /**
   * The custom_id the provider is sent for one of ours, when its rules differ (Anthropic allows no
   * colon); the round driver maps the results back through the round's own ids. Absent: the same.
   */
  wireId?(customId: string): string;
  /** Why this API cannot take an endpoint's batches (Anthropic: embeddings), before any is sent. */
  refuses?(endpoint: BatchEndpoint): string | undefined;
}

function wrap(error: unknown, what: string, secret: string): BatchApiError {
  const e = error as { status?: number; code?: string | null; error?: { message?: string }; message?: string };
  const message = redact(e.error?.message ?? e.message ?? String(error), [secret]);
  return new BatchApiError(`${what}: ${message}`, typeof e.status === "number" ? e.status : 0, e.code ?? undefined);
}

/** The batch API over the openai SDK (retries are ours: the client is built with maxRetries 0). */
export function openAiBatchApi(config: TransportConfig, purpose: "chat" | "embedding" = "chat"): BatchApi {
  const client: OpenAI = createClient(config, purpose);
  const secret = config.apiKey;
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw wrap(error, what, secret);
    }
  };
  return {
    upload: (text, filename) =>
      call("uploading the batch file", async () => {
        const file = await client.files.create({ file: await toFile(new Blob([text], { type: "application/jsonl" }), filename), purpose: "batch" });
        return { id: file.id };
      }),
    create: (fileId, endpoint, metadata) =>
      call(
        "creating the batch",
        async () => (await client.batches.create({ input_file_id: fileId, endpoint, completion_window: "24h", metadata })) as RemoteBatch,
      ),
    retrieve: (id) => call(`reading batch ${id}`, async () => (await client.batches.retrieve(id)) as RemoteBatch),
    recent: () => call("listing batches", async () => (await client.batches.list({ limit: 100 })).data as RemoteBatch[]),
    cancel: (id) => call(`cancelling batch ${id}`, async () => (await client.batches.cancel(id)) as RemoteBatch),
    content: (fileId) => call(`downloading file ${fileId}`, async () => (await client.files.content(fileId)).text()),
  };
}
