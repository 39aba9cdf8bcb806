import { z } from "zod";

/**
 * What a run by batch keeps so that nothing is lost when the process or the tab goes: the batches
 * it submitted and the result lines they brought back. One description, here at the lowest layer
 * that both keepers reach: the CLI's state file (src/cli) and the browser's batch database
 * (src/storage/db) parse every record with these schemas; the transport (src/llm/batch) writes them.
 */

const batchEndpointSchema = z.enum(["/v1/chat/completions", "/v1/embeddings"]);
export type BatchEndpoint = z.infer<typeof batchEndpointSchema>;

/** One batch this run submitted: enough to poll it again after the process or the tab is gone. */
export const submittedBatchSchema = z.object({
  /** Hash of the input file's text: the same round's same file is the same batch. */
  key: z.string(),
  round: z.number().int().min(1),
  batchId: z.string(),
  /** Empty when the batch was found again at the provider by its metadata (its input file unknown). */
  inputFileId: z.string(),
  endpoint: batchEndpointSchema,
  model: z.string(),
  requests: z.number().int().min(0),
});
export type SubmittedBatch = z.infer<typeof submittedBatchSchema>;

/**
 * A result line: OpenAI's BatchRequestOutput, which vLLM's run-batch writes too. `error` is
 * `{code, message}` at OpenAI, a plain string or an ErrorResponse (`{error: {message, ...}}`) at
 * vLLM (vllm/entrypoints/openai/run_batch.py, make_error_request_output): any of them is read.
 */
export const outputLineSchema = z.object({
  id: z.string().optional(),
  custom_id: z.string(),
  response: z.object({ status_code: z.number().int(), request_id: z.string().nullish(), body: z.unknown() }).nullable(),
  error: z.unknown().nullable(),
});
export type BatchOutputLine = z.infer<typeof outputLineSchema>;

/**
 * Where a batch run keeps what it must not lose (a port, as the run journal is): the CLI writes it
 * append-only beside the report, the browser into IndexedDB; the round plan itself is recomputed
 * from the results (custom_ids are deterministic).
 */
export interface BatchStateStore {
  submitted(): readonly SubmittedBatch[];
  lines(): ReadonlyMap<string, BatchOutputLine>;
  /** Durable before it resolves. */
  recordSubmitted(batch: SubmittedBatch): Promise<void>;
  /** Durable before it resolves; also marks the batch as read (never downloaded twice). */
  recordLines(batchId: string, lines: readonly BatchOutputLine[]): Promise<void>;
  /** Batches whose results are already recorded. */
  finished(): ReadonlySet<string>;
  /**
   * A batch the provider no longer knows (404): taken off the record, durable before it resolves,
   * so the next run submits its requests again instead of polling it forever.
   */
  forget(batchId: string): Promise<void>;
}
