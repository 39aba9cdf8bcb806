import type { MetricId, MetricOptions } from "../engine/metrics/types";
import { allCalls, usageOf } from "../engine/run/aggregate";
import { memoryJournal } from "../engine/run/journal";
import { type RunDatasetOutput, runDataset } from "../engine/run/run-dataset";
import type { Sample } from "../engine/sample";
import { canonicalJson, sha256Hex } from "../engine/text/sha256";
import { createEmbedder } from "../llm/embedder";
import { createJudge } from "../llm/judge";
import { sanitizeUrl } from "../storage/format/redact";
import { buildReport, promptsUsed, serializeReport } from "../storage/format/report-build";
import type { Report, ReportPrompt } from "../storage/format/report-schema";
import { formatIssue } from "../storage/format/samples-file";
import { defaultPriceRows, estimateCost } from "../storage/prices";
import type { ScoreArgs } from "./args";
import { EXIT, RunError } from "./errors";
import { readDatasetFile, writeTextFileAtomic } from "./files";
import { type FileJournal, journalPathFor, openFileJournal } from "./journal-file";
import type { CliIO } from "./io";
import { transportFromArgs } from "./transport";
import { scoreByBatch } from "./batch-score";
import { BATCH_WINDOW, batchRoundsFor } from "../engine/run/batch-plan";
import { preflight } from "./preflight";
import { createProgress } from "./progress";
import { readPromptsFile } from "./prompts-file";
import { formatSummaryTable } from "./summary-table";
import { generatorStamp } from "../storage/format/generator";

const MAX_WARNINGS_SHOWN = 10;

/** `score`: files in, report out (contract 6). Returns the exit code; throws RunError for exit 1. */
export async function scoreCommand(args: ScoreArgs, io: CliIO): Promise<number> {
  const now = io.now ?? (() => performance.now());
  const samples = await loadSamples(args.input, io);
  const overrides = args.prompts ? await readPromptsFile(args.prompts) : {};

  const transport = transportFromArgs(args);
  const shownURL = sanitizeUrl(transport.baseURL);
  io.stderr.write(
    `scoring ${samples.length} sample${samples.length === 1 ? "" : "s"} x ${args.metrics.length} metric${args.metrics.length === 1 ? "" : "s"}${args.repeat > 1 ? ` x ${args.repeat} runs` : ""} with ${args.model} at ${shownURL} (concurrency ${args.concurrency})\n`,
  );
  const byBatchMode = args.batch || args.batchFiles !== undefined;
  if (byBatchMode) {
    const rounds = batchRoundsFor(args.metrics);
    io.stderr.write(
      `by batch: ${rounds} round${rounds === 1 ? "" : "s"}, one after another${args.batch ? `, each within the provider's ${BATCH_WINDOW} completion window` : ""}; priced at batch rates\n`,
    );
  }
  // A run by batch never calls the sync endpoint (vLLM's run-batch has none): the batch API's own
  // answers say what is wrong.
  const preflightCalls = byBatchMode ? [] : await preflight(transport, io.signal);

  const metricOptions = optionsFrom(args);
  const prompts = promptsUsed(args.metrics, overrides);
  const fingerprint = runFingerprint(samples, args, transport.baseURL, metricOptions, prompts);
  const byBatch = byBatchMode ? await scoreByBatch({ args, io, samples, transport, prompts: overrides, metricOptions, fingerprint }) : undefined;
  if (byBatch?.kind === "waiting") return EXIT.waiting;
  if (byBatch?.kind === "cancelled") return EXIT.cancelled;
  const journal = byBatch
    ? memoryJournal(byBatch.entries)
    : args.out
      ? await openFileJournal(journalPathFor(args.out), fingerprint, args.resume)
      : memoryJournal();
  if (args.out && args.resume && !byBatch) {
    const found = (journal as FileJournal).found;
    io.stderr.write(`resuming: ${found} finished sample run${found === 1 ? "" : "s"} in ${journalPathFor(args.out)}; requesting the rest\n`);
  }
  let progress: ReturnType<typeof createProgress> | undefined;
  let nulls = 0;
  const started = now();
  let output: RunDatasetOutput;
  try {
    output = await runDataset(
      samples,
      args.metrics,
      {
        judge: createJudge(transport),
        ...(args.embeddingModel ? { embedder: createEmbedder(transport) } : {}),
        concurrency: args.concurrency,
        prompts: overrides,
        metricOptions,
        repeat: args.repeat,
      },
      journal,
      {
        ...(io.signal ? { signal: io.signal } : {}),
        onResult: ({ result }) => {
          if (result.score === null) nulls++;
        },
        onProgress: ({ done, total }) => {
          progress ??= createProgress({ stream: io.stderr, total, now });
          progress.update(done, nulls);
        },
      },
    );
  } finally {
    if ("close" in journal) await (journal as FileJournal).close().catch(() => undefined);
  }
  const wallMs = now() - started;
  const cancelled = io.signal?.aborted === true;
  progress?.finish(cancelled ? "cancelled: writing the partial report (unfinished results are cancelled nulls)" : undefined);

  const report = buildReport({
    samples,
    // Usage as the provider bills it: the connection check is a request of this run too.
    output: { ...output, usage: usageOf([...allCalls(output.results), ...preflightCalls]) },
    config: {
      baseURL: transport.baseURL,
      model: args.model,
      ...(args.embeddingModel ? { embeddingModel: args.embeddingModel } : {}),
      concurrency: args.concurrency,
      metrics: args.metrics,
      metricOptions,
      temperature: transport.temperature,
      prompts,
      ...(args.repeat > 1 ? { repeat: args.repeat } : {}),
    },
    generator: generatorStamp("cli"),
    wallMs,
    redact: [args.apiKey],
  });
  const text = serializeReport(report);
  if (args.out) {
    await writeTextFileAtomic(args.out, text);
  } else {
    io.stdout.write(text);
  }
  const cost = estimateCost([...allCalls(output.results), ...preflightCalls], [...defaultPriceRows(), ...(args.prices ?? [])], {
    batch: byBatch !== undefined,
  });
  io.stderr.write(`\n${formatSummaryTable(report, cost)}`);
  if (byBatch?.kind === "done") {
    io.stderr.write(
      `by batch: ${byBatch.rounds} round${byBatch.rounds === 1 ? "" : "s"}${args.batch ? `, ${byBatch.batches} batch${byBatch.batches === 1 ? "" : "es"} (completion window 24h each)` : ""}; cost at batch prices\n`,
    );
  }
  if (args.out) io.stderr.write(`report: ${args.out}\n`);
  if (byBatch?.kind === "done") await byBatch.finish();
  else if (args.out && output.complete) await (journal as FileJournal).remove();
  else if (args.out) io.stderr.write(`unfinished: the same command with --resume finishes it (journal ${journalPathFor(args.out)})\n`);

  if (cancelled) return EXIT.cancelled;
  const failure = everyResultFailed(report);
  if (failure) throw new RunError(`every request failed; the first error: ${failure}`);
  return EXIT.ok;
}

/**
 * What makes two runs the same run: a journal written for other samples, metrics, models or
 * prompts must not be resumed into this one. The repeat count is left out: raising it later
 * runs only the new repeats.
 */
function runFingerprint(
  samples: readonly Sample[],
  args: ScoreArgs,
  baseURL: string,
  metricOptions: Partial<Record<MetricId, MetricOptions>>,
  prompts: readonly ReportPrompt[],
): string {
  return sha256Hex(
    canonicalJson({
      samples,
      metrics: args.metrics,
      baseURL: sanitizeUrl(baseURL),
      model: args.model,
      embeddingModel: args.embeddingModel ?? null,
      metricOptions,
      prompts: prompts.map((p) => p.hash),
    }),
  );
}

/** --input goes through the browser importer's path (CSV in any encoding, JSON, JSONL, parquet). */
async function loadSamples(path: string, io: CliIO) {
  const { samples, warnings } = await readDatasetFile(path);
  for (const w of warnings.slice(0, MAX_WARNINGS_SHOWN)) io.stderr.write(`warning: ${formatIssue(w)}\n`);
  if (warnings.length > MAX_WARNINGS_SHOWN) io.stderr.write(`warning: ... and ${warnings.length - MAX_WARNINGS_SHOWN} more\n`);
  return samples;
}

function optionsFrom(args: ScoreArgs): Partial<Record<MetricId, MetricOptions>> {
  const options: Partial<Record<MetricId, MetricOptions>> = {};
  if (args.questions !== undefined) options.answer_relevancy = { questions: args.questions };
  if (args.perContext) options.context_precision = { perContextCalls: true };
  return options;
}

/** The first llm_error message when not one result was scored and every null is llm_error. */
function everyResultFailed(report: Report): string | undefined {
  const all = report.results.flatMap((r) => Object.values(r.metrics));
  if (all.length === 0 || !all.every((m) => m.score === null && m.error?.code === "llm_error")) return undefined;
  return all[0]!.error!.message.replace(/\s+/g, " ");
}
