import { type BatchPass, type BatchPlanConfig, type PendingCall, planBatchPass, type ReplyBook } from "../../engine/run/batch-plan";
import type { WorkUnit } from "../../engine/run/evaluate";
import { sha256Hex } from "../../engine/text/sha256";
import type { TransportConfig } from "../config";
import { BatchApiError, type BatchApi, type RemoteBatch } from "./batch-api";
import type { BatchOutputLine, BatchStateStore, SubmittedBatch } from "../../engine/run/batch-records";
import { embeddingsRefusal } from "./embeddings-check";
import { distinctLines } from "./distinct";
import { type BatchChunk, type BatchLimits, OPENAI_LIMITS, parseOutputFile, splitToFiles } from "./lines";
import { DEFAULT_POLL, type PollPolicy, pollUntilEnded, readAgainOnFailure, type Sleep, statusLine } from "./poll";
import { replyBook } from "./reply-book";

/**
 * Runs the engine's passes over a provider's Files + Batches API: each pass's pending calls become
 * one batch per (endpoint, model), split to the provider's limits; every batch is submitted once
 * (the state store remembers it, and a batch created by a killed process is found again by its
 * metadata), polled with backoff, and its output and error files are recorded before the next pass.
 */

/** What the batch transport needs, whatever the passes are of. */
type TransportOptions = Omit<BatchRunOptions, "units" | "plan">;

export interface BatchRunOptions {
  units: readonly WorkUnit[];
  plan: BatchPlanConfig;
  config: TransportConfig;
  /** The API for an endpoint (embeddings may live on another server). */
  apiFor: (endpoint: BatchChunk["endpoint"]) => BatchApi;
  store: BatchStateStore;
  limits?: BatchLimits;
  policy?: PollPolicy;
  sleep: Sleep;
  signal?: AbortSignal;
  /** Whether batches may already exist from an earlier process (look them up before creating). */
  resuming?: boolean;
  onStatus?: (line: string) => void;
}

export interface BatchRunOutput {
  pass: BatchPass;
  /** Rounds that sent at least one request in this process or an earlier one. */
  rounds: number;
  batches: number;
}

const METADATA_KEY = "ragas_playground_file";

/** The code of the error a batch the provider no longer knows stops the run with. */
export const BATCH_LOST = "batch_lost";

export async function runByBatch(options: BatchRunOptions): Promise<BatchRunOutput> {
  const refused = embeddingsRefusal(options.units, options.plan, options.apiFor("/v1/embeddings"));
  if (refused) throw new BatchApiError(refused, 0, "no_embeddings");
  const { pass, rounds, batches } = await runPassesByBatch({ ...options, pass: (book) => planBatchPass(options.units, options.plan, book) });
  return { pass, rounds, batches };
}

/** Any sequence of passes by batch (a run's metrics, or a test-set generation): the pass says what the next round asks. */
export type PassRunOptions<P extends { pending: readonly PendingCall[] } | { kind: "done" }> = TransportOptions & {
  pass(book: ReplyBook): Promise<P>;
};

export async function runPassesByBatch<P extends { pending: readonly PendingCall[] } | { kind: "done" }>(
  options: PassRunOptions<P>,
): Promise<{ pass: P; rounds: number; batches: number }> {
  const { store, config } = options;
  const limits = options.limits ?? OPENAI_LIMITS;
  // A resumed run goes on from the first round whose batches have not all come back.
  for (let round = firstOpenRound(store); ; round++) {
    const pass = await options.pass(replyBook(store.lines(), config));
    const pending = "pending" in pass ? pass.pending : [];
    if (pending.length === 0) {
      const rounds = Math.max(round - 1, ...store.submitted().map((b) => b.round));
      return { pass, rounds, batches: store.submitted().length };
    }
    const chunks = splitToFiles(distinctLines(pending, config), limits);
    const batches = (await Promise.all(chunks.map((chunk, k) => submitChunk(options, chunk, round, k)))).flat();
    const ids = chunks.flatMap((chunk) => chunk.lines.map((line) => line.custom_id));
    await Promise.all(batches.map((batch) => collect(options, batch, ids)));
  }
}

function firstOpenRound(store: BatchStateStore): number {
  const open = new Map<number, boolean>();
  for (const b of store.submitted()) open.set(b.round, (open.get(b.round) ?? false) || !store.finished().has(b.batchId));
  const done = [...open].filter(([, isOpen]) => !isOpen).map(([r]) => r);
  return Math.max(0, ...done) + 1;
}

/** Submits one file (or finds it submitted); a file the provider rejects for its size is halved. */
async function submitChunk(options: TransportOptions, chunk: BatchChunk, round: number, index: number): Promise<SubmittedBatch[]> {
  const key = sha256Hex(chunk.text).slice(0, 32);
  const known = options.store.submitted().find((b) => b.key === key);
  if (known) return [known];
  const api = options.apiFor(chunk.endpoint);
  if (options.resuming) {
    const found = (await readAgainOnFailure(() => api.recent(), readOptions(options))).find(
      (b) => b.metadata?.[METADATA_KEY] === key && b.status !== "failed" && b.status !== "cancelled",
    );
    if (found)
      return [
        await remember(options, { key, round, batchId: found.id, inputFileId: "", endpoint: chunk.endpoint, model: chunk.model, requests: chunk.lines.length }),
      ];
  }
  let fileId: string;
  try {
    fileId = (await api.upload(chunk.text, `ragas-round${round}-${index}.jsonl`)).id;
  } catch (error) {
    if (tooBig(error) && chunk.lines.length > 1) return halve(options, chunk, round, index);
    throw error;
  }
  const created = await api.create(fileId, chunk.endpoint, { [METADATA_KEY]: key, round: String(round) });
  options.onStatus?.(statusLine(round, created, label(chunk.endpoint, chunk.lines.length)));
  return [
    await remember(options, {
      key,
      round,
      batchId: created.id,
      inputFileId: fileId,
      endpoint: chunk.endpoint,
      model: chunk.model,
      requests: chunk.lines.length,
    }),
  ];
}

/** The poll's schedule, clock and cancel signal, for polling and for reads asked again. */
function readOptions(options: TransportOptions) {
  return { policy: options.policy ?? DEFAULT_POLL, sleep: options.sleep, ...(options.signal ? { signal: options.signal } : {}) };
}

async function remember(options: TransportOptions, batch: SubmittedBatch): Promise<SubmittedBatch> {
  await options.store.recordSubmitted(batch);
  return batch;
}

function tooBig(error: unknown): boolean {
  return error instanceof BatchApiError && (error.code === "file_too_large" || error.status === 413 || /too large|maximum file size/i.test(error.message));
}

async function halve(options: TransportOptions, chunk: BatchChunk, round: number, index: number): Promise<SubmittedBatch[]> {
  const half = Math.ceil(chunk.lines.length / 2);
  const parts = [chunk.lines.slice(0, half), chunk.lines.slice(half)].map((lines) => ({
    ...chunk,
    lines,
    text: `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`,
  }));
  options.onStatus?.(`round ${round}: the provider refused a ${chunk.lines.length}-request file as too large; sending it as two files`);
  return (await Promise.all(parts.map((part, k) => submitChunk(options, part, round, index * 2 + k)))).flat();
}

const label = (endpoint: string, n: number) => `${endpoint === "/v1/embeddings" ? "embeddings" : "chat"} (${n} requests)`;

/**
 * Polls a batch to its end and records every line it answered; lines it never answered get its
 * words. `ids` are the round's custom_ids: a provider sent other ids (wireId) is mapped back by them.
 */
async function collect(options: TransportOptions, batch: SubmittedBatch, ids: readonly string[]): Promise<void> {
  if (options.store.finished().has(batch.batchId)) return;
  const api = options.apiFor(batch.endpoint);
  let last = "";
  const ended = await pollUntilEnded(api, batch.batchId, {
    ...readOptions(options),
    onUpdate: (remote) => {
      const line = statusLine(batch.round, remote, label(batch.endpoint, batch.requests));
      if (line !== last) options.onStatus?.(line);
      last = line;
    },
  }).catch(async (error: unknown) => {
    if (!(error instanceof BatchApiError) || error.status !== 404) throw error;
    // Polling it again can only 404 again: off the record, so the next run submits its requests anew.
    await options.store.forget(batch.batchId);
    throw new BatchApiError(`batch ${batch.batchId} (round ${batch.round}) is gone at the provider (HTTP 404)`, 404, BATCH_LOST);
  });
  const lines: BatchOutputLine[] = [];
  for (const fileId of [ended.output_file_id, ended.error_file_id]) {
    if (!fileId) continue;
    const parsed = parseOutputFile(await readAgainOnFailure(() => api.content(fileId), readOptions(options)));
    lines.push(...parsed.lines);
  }
  const wire = api.wireId?.bind(api);
  if (wire) {
    const ours = new Map(ids.map((id) => [wire(id), id]));
    for (const line of lines) line.custom_id = ours.get(line.custom_id) ?? line.custom_id;
  }
  if (ended.status === "failed") {
    // The whole file was refused (validation): every request of it is a coded null in those words.
    const why = whyFailed(ended);
    const ids = await customIdsOf(options, batch);
    for (const id of ids) lines.push({ custom_id: id, response: null, error: { code: "batch_failed", message: why } });
  }
  await options.store.recordLines(batch.batchId, lines);
}

function whyFailed(batch: RemoteBatch): string {
  const first = batch.errors?.data?.[0];
  return first?.message
    ? `the provider refused the batch file${first.line ? ` (line ${first.line})` : ""}: ${first.message}`
    : "the provider refused the batch file";
}

/** The custom_ids a submitted batch held: its input file, read back from the provider. */
async function customIdsOf(options: TransportOptions, batch: SubmittedBatch): Promise<string[]> {
  if (!batch.inputFileId) return [];
  const api = options.apiFor(batch.endpoint);
  const text = await readAgainOnFailure(() => api.content(batch.inputFileId), readOptions(options));
  return text
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { custom_id: string }).custom_id);
}

/** Cancel: every submitted batch that has not ended is cancelled at the provider (results so far stay). */
export async function cancelBatches(store: BatchStateStore, apiFor: BatchRunOptions["apiFor"]): Promise<RemoteBatch[]> {
  const open = store.submitted().filter((b) => !store.finished().has(b.batchId));
  const settled = await Promise.allSettled(open.map((b) => apiFor(b.endpoint).cancel(b.batchId)));
  return settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
}
