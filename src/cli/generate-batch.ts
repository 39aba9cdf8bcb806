import type { GenerationOptions, GenerationResult, SourceChunk } from "../engine/testset";
import { planGenerationPass } from "../engine/testset/batch-pass";
import { canonicalJson, sha256Hex } from "../engine/text/sha256";
import { BatchApiError } from "../llm/batch/batch-api";
import { batchApiFor } from "../llm/batch/choose-api";
import { DEFAULT_POLL, type PollPolicy } from "../llm/batch/poll";
import { runPassesByBatch } from "../llm/batch/run-batch";
import type { TransportConfig } from "../llm/config";
import { abortableSleep } from "../llm/signal";
import { batchStatePathFor, openBatchState } from "./batch-state-file";
import { RunError } from "./errors";
import type { CliIO } from "./io";

/**
 * `generate --batch`: the generation's calls through the provider's batch API, round by round (the
 * chunks' extractions and the documents' summaries with the chunk vectors, then the personas, then
 * each round of candidates and their checks), as `score --batch` sends a run's. Every round's
 * batches and replies are kept in FILE.batch beside --out, so `--resume` after a kill polls the
 * batches already submitted and submits none twice. The lines are the sync generation's for the
 * same replies and seed (the same engine, over recording ports: engine/testset/batch-pass.ts).
 */

export type GenerateBatchOutcome = { kind: "done"; result: GenerationResult; rounds: number; batches: number } | { kind: "cancelled" };

/** Poll interval override for tests (RAGAS_PLAYGROUND_BATCH_POLL_MS), as `score --batch` reads it. */
function pollPolicy(env: CliIO["env"]): PollPolicy {
  const ms = Number(env.RAGAS_PLAYGROUND_BATCH_POLL_MS);
  return Number.isFinite(ms) && ms > 0 ? { ...DEFAULT_POLL, firstMs: ms, maxMs: ms } : DEFAULT_POLL;
}

/** After every microtask: when a pass's pipeline has nothing left to do but wait for replies. */
const idle = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function generateByBatch(input: {
  chunks: readonly SourceChunk[];
  options: GenerationOptions;
  transport: TransportConfig;
  out: string;
  resume: boolean;
  io: CliIO;
}): Promise<GenerateBatchOutcome> {
  const { chunks, options, transport, out, io } = input;
  // The state file belongs to this generation only: same chunks, options, models and endpoint.
  const fingerprint = sha256Hex(
    canonicalJson({
      chunks: chunks.map((c) => [c.id, c.document, c.start, c.end]),
      // What shapes the requests (never the key, the concurrency or --resume itself).
      options: {
        size: options.size,
        mode: options.mode,
        language: options.language,
        distribution: options.distribution ?? null,
        checks: options.checks,
        seed: options.seed,
        personas: options.personas ?? null,
        prompts: options.prompts ?? {},
      },
      model: transport.model,
      embeddingModel: transport.embeddingModel ?? "",
      baseURL: transport.baseURL,
    }),
  );
  const chatApi = batchApiFor(transport, "chat");
  const embeddingApi = batchApiFor(transport, "embedding");
  // Generation embeds every chunk: an endpoint without batch embeddings (Anthropic) is refused before anything is sent.
  const refused = embeddingApi.refuses?.("/v1/embeddings");
  if (refused) throw new RunError(`generate --batch embeds every chunk: ${refused}`);
  const path = batchStatePathFor(out);
  const store = await openBatchState(path, fingerprint, input.resume);
  for (const warning of store.warnings) io.stderr.write(`warning: ${warning}\n`);
  if (store.resumed)
    io.stderr.write(
      `resuming by batch: ${store.submitted().length} batch${store.submitted().length === 1 ? "" : "es"} on record; polling them, submitting none twice\n`,
    );
  try {
    const run = await runPassesByBatch({
      config: transport,
      apiFor: (endpoint) => (endpoint === "/v1/embeddings" ? embeddingApi : chatApi),
      store,
      policy: pollPolicy(io.env),
      sleep: abortableSleep,
      resuming: store.resumed || input.resume,
      ...(io.signal ? { signal: io.signal } : {}),
      onStatus: (line) => io.stderr.write(`${line}\n`),
      pass: (book) => planGenerationPass(chunks, options, book, idle),
    });
    if (run.pass.kind !== "done") throw new Error("the batch passes ended with requests still pending");
    await store.remove();
    return { kind: "done", result: run.pass.result, rounds: run.rounds, batches: run.batches };
  } catch (error) {
    await store.close().catch(() => undefined);
    if (io.signal?.aborted) {
      io.stderr.write(`stopped: the batches go on at the provider; the same command with --resume collects them (${path})\n`);
      return { kind: "cancelled" };
    }
    const lost = error instanceof BatchApiError ? ` (${error.code})` : "";
    throw new RunError(
      `${error instanceof Error ? error.message : String(error)}${lost}; the batches are kept in ${path}: the same command with --resume goes on`,
    );
  }
}
