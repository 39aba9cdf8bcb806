import type { CustomJudge } from "../engine/metrics/custom";
import type { AnyMetricId, MetricOptions } from "../engine/metrics/types";
import type { BatchPlanConfig } from "../engine/run/batch-plan";
import type { JournalEntry } from "../engine/run/journal";
import type { PromptOverrides } from "../engine/prompts/types";
import type { Sample } from "../engine/sample";
import { memoryBatchState } from "../llm/batch/batch-state";
import { batchApiFor } from "../llm/batch/choose-api";
import { embeddingsRefusal } from "../llm/batch/embeddings-check";
import { DEFAULT_POLL, type PollPolicy } from "../llm/batch/poll";
import { BATCH_LOST, runByBatch } from "../llm/batch/run-batch";
import { BatchApiError } from "../llm/batch/batch-api";
import type { TransportConfig } from "../llm/config";
import { abortableSleep } from "../llm/signal";
import type { ScoreArgs } from "./args";
import { batchStatePathFor, type FileBatchState, openBatchState } from "./batch-state-file";
import { runByFiles } from "./batch-files";
import { RunError } from "./errors";
import type { CliIO } from "./io";

/** What a run by batch hands back to `score`: every sample's results, as journal entries. */
export type BatchScoreOutcome =
  | { kind: "done"; entries: JournalEntry[]; rounds: number; batches: number; finish: () => Promise<void> }
  | { kind: "waiting" }
  /** Ctrl-C: the batches go on at the provider; --resume picks them up. */
  | { kind: "cancelled" };

interface BatchScoreInput {
  args: ScoreArgs;
  io: CliIO;
  samples: readonly Sample[];
  transport: TransportConfig;
  prompts: PromptOverrides;
  metricOptions: Partial<Record<AnyMetricId, MetricOptions>>;
  customJudges: readonly CustomJudge[];
  fingerprint: string;
}

/**
 * Poll interval override (milliseconds, first = most) for tests and impatient self-hosted
 * setups; by default polls back off from 5 s to 5 min.
 */
function pollPolicy(env: CliIO["env"]): PollPolicy {
  const ms = Number(env.RAGAS_PLAYGROUND_BATCH_POLL_MS);
  return Number.isFinite(ms) && ms > 0 ? { ...DEFAULT_POLL, firstMs: ms, maxMs: ms } : DEFAULT_POLL;
}

/** Results in the folder that answer no request of this run: said apart, never counted as read. */
function foreignWords(n: number, dir: string): string {
  return `${n} result${n === 1 ? "" : "s"} in ${dir} belong${n === 1 ? "s" : ""} to no request of this run (another run's output file, or one made with other prompts or models): not used`;
}

export async function scoreByBatch(input: BatchScoreInput): Promise<BatchScoreOutcome> {
  const { args, io, samples, transport } = input;
  const units = samples.map((sample) => ({ sample, metricIds: args.metrics }));
  const plan: BatchPlanConfig = {
    prompts: input.prompts,
    metricOptions: input.metricOptions,
    customJudges: input.customJudges,
    hasEmbedder: Boolean(args.embeddingModel),
  };
  const toEntries = (results: { sampleId: string; metrics: JournalEntry["metrics"] }[]) =>
    results.map((r) => ({ sampleId: r.sampleId, repeat: 0, metrics: r.metrics }));

  if (args.batchFiles) {
    const outcome = await runByFiles({ units, plan, config: transport, dir: args.batchFiles, warn: (t) => io.stderr.write(`warning: ${t}\n`) });
    if (outcome.foreign > 0) io.stderr.write(`warning: ${foreignWords(outcome.foreign, args.batchFiles)}\n`);
    if (!outcome.done) {
      io.stderr.write(
        `round ${outcome.round}: ${outcome.written.length} batch file${outcome.written.length === 1 ? "" : "s"} written (${outcome.known} result${outcome.known === 1 ? "" : "s"} of this run read so far):\n`,
      );
      for (const path of outcome.written) {
        const model = path.includes("-embeddings-") ? (args.embeddingModel ?? "") : args.model;
        io.stderr.write(`  vllm run-batch -i ${path} -o ${path.replace(/\.input\.jsonl$/, ".output.jsonl")} --model ${model}\n`);
      }
      io.stderr.write("then run the same command again (any server that writes OpenAI batch output files will do)\n");
      return { kind: "waiting" };
    }
    return { kind: "done", entries: toEntries(outcome.pass.results), rounds: outcome.rounds, batches: 0, finish: async () => undefined };
  }

  const chatApi = batchApiFor(transport, "chat", args.batchProvider);
  const embeddingApi = batchApiFor(transport, "embedding", args.batchProvider);
  // Anthropic has no embeddings endpoint: refused before anything is sent or kept, naming the metrics.
  const refused = embeddingsRefusal(units, plan, embeddingApi);
  if (refused) throw new RunError(refused);
  const store = args.out ? await openBatchState(batchStatePathFor(args.out), input.fingerprint, args.resume) : memoryBatchState();
  const file = "resumed" in store ? (store as FileBatchState) : undefined;
  const resumed = file?.resumed === true;
  for (const warning of file?.warnings ?? []) io.stderr.write(`warning: ${warning}\n`);
  if (resumed)
    io.stderr.write(
      `resuming by batch: ${store.submitted().length} batch${store.submitted().length === 1 ? "" : "es"} on record; polling them, submitting none twice\n`,
    );
  else if (args.resume && args.out)
    // The state file is gone, its batches may not be: they carry our key in their metadata.
    io.stderr.write(
      `no batch state at ${batchStatePathFor(args.out)}: looking for this run's batches at the provider (by their metadata) before submitting any\n`,
    );
  try {
    const out = await runByBatch({
      units,
      plan,
      config: transport,
      apiFor: (endpoint) => (endpoint === "/v1/embeddings" ? embeddingApi : chatApi),
      store,
      policy: pollPolicy(io.env),
      // The shared sleep: it takes its abort listener off when it wakes (dozens of polls per run).
      sleep: abortableSleep,
      resuming: resumed || args.resume,
      ...(io.signal ? { signal: io.signal } : {}),
      onStatus: (line) => io.stderr.write(`${line}\n`),
    });
    return {
      kind: "done",
      entries: toEntries(out.pass.results),
      rounds: out.rounds,
      batches: out.batches,
      finish: async () => {
        if ("remove" in store) await (store as FileBatchState).remove();
      },
    };
  } catch (error) {
    if ("close" in store) await (store as FileBatchState).close().catch(() => undefined);
    if (io.signal?.aborted) {
      io.stderr.write(
        args.out
          ? `stopped: the batches go on at the provider; the same command with --resume collects them (${batchStatePathFor(args.out)})\n`
          : "stopped: the batches go on at the provider, but without --out nothing was kept to collect them\n",
      );
      return { kind: "cancelled" };
    }
    if (error instanceof BatchApiError && error.code === BATCH_LOST) {
      const then = args.out ? "otherwise the same command with --resume submits its requests again" : "otherwise run the command again";
      throw new RunError(`${error.message}: if it was created with another API key, resume with that key; ${then}`);
    }
    const kept = args.out ? `; the batches are kept in ${batchStatePathFor(args.out)}: the same command with --resume goes on` : "";
    throw new RunError(`${error instanceof Error ? error.message : String(error)}${kept}`);
  }
}
