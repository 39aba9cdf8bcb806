import { join } from "node:path";
import type { CallRecord } from "../engine/result";
import { allCalls, type Usage, usageOf } from "../engine/run/aggregate";
import { memoryJournal } from "../engine/run/journal";
import { type RunDatasetOutput, runDataset } from "../engine/run/run-dataset";
import { createEmbedder } from "../llm/embedder";
import { createJudge } from "../llm/judge";
import { sanitizeUrl } from "../storage/format/redact";
import { buildReport, promptsUsed } from "../storage/format/report-build";
import type { Report } from "../storage/format/report-schema";
import { formatIssue } from "../storage/format/samples-file";
import { defaultPriceRows, estimateCost } from "../storage/prices";
import { needsJudge, type ScoreArgs } from "./args";
import { EXIT, RunError } from "./errors";
import { readDatasetFile, writeTextFileAtomic } from "./files";
import { type FileJournal, journalPathFor, openFileJournal } from "./journal-file";
import { meteredPorts } from "../engine/run/metered-ports";
import { CACHE_FILE, cachePathFor, type FileResponseCache, openFileResponseCache } from "./reply-cache-file";
import { runFingerprint, runIdentity } from "./run-identity";
import type { CliIO } from "./io";
import { transportFromArgs } from "./transport";
import { secretsOf } from "./secrets";
import { finishedRunNotice } from "./finished-run";
import { scoreByBatch } from "./batch-score";
import { BATCH_WINDOW, batchRoundsFor } from "../engine/run/batch-plan";
import { preflight } from "./preflight";
import { createProgress } from "./progress";
import { checkCustomJudges, checkEmbeddingModel, resolveMetricOptions } from "./metric-options";
import { readPromptSetFile } from "./prompts-file";
import { formatSummaryTable } from "./summary-table";
import { outputFormatOf, renderOutput } from "./output-file";
import { generatorStamp } from "../storage/format/generator";
import type { Sample } from "../engine/sample";
import { targetErrorEntries, withPresetEntries } from "../engine/target/failed-entries";
import { isTargetFailed } from "../engine/target/outcome";
import { type AskedSamples, askSamples } from "./ask-samples";

const MAX_WARNINGS_SHOWN = 10;

/** `score`: files in, report out (contract 6). Returns the exit code; throws RunError for exit 1. */
export async function scoreCommand(args: ScoreArgs, io: CliIO): Promise<number> {
  const now = io.now ?? (() => performance.now());
  // Before anything is read or sent: a finished run is not run again by --resume.
  const finished = args.resume && args.out ? finishedRunNotice(args.out) : undefined;
  if (finished) {
    io.stderr.write(`${finished}\n`);
    return EXIT.ok;
  }
  // Scrubbed from every file the run writes: the report, the journal and the reply cache.
  const loaded = await loadSamples(args.input, io, args.target !== undefined);
  // --target: the answers come from the user's RAG system first (contract 13); its replies are journaled beside --out.
  const asked = args.target
    ? await askSamples(loaded, { target: args.target, concurrency: args.concurrency, resume: args.resume, out: args.out, cache: args.cache }, io)
    : undefined;
  if (asked?.cancelled) {
    asked.close();
    io.stderr.write("cancelled while asking the target: the same command with --resume asks only what is not answered\n");
    return EXIT.cancelled;
  }
  const samples = asked?.samples ?? loaded;
  const secrets = [...secretsOf(args), ...(asked?.secrets ?? [])];
  const { overrides, judges } = args.prompts ? await readPromptSetFile(args.prompts) : { overrides: {}, judges: [] };
  checkCustomJudges(args, judges);
  const metricOptions = resolveMetricOptions(args, judges);
  checkEmbeddingModel(args, metricOptions, judges);
  const customJudges = judges.filter((j) => (args.metrics as readonly string[]).includes(`custom:${j.slug}`));

  // Only metrics that need no judge (bleu, rouge_l, ...): no endpoint, no key, not even the connection check.
  const transport = needsJudge(args).length > 0 ? transportFromArgs({ ...args, baseURL: args.baseURL ?? "", model: args.model ?? "" }, io.sleep) : undefined;
  const judgedBy = transport ? `with ${args.model} at ${sanitizeUrl(transport.baseURL)}` : "with no judge (these metrics make no request)";
  io.stderr.write(
    `scoring ${samples.length} sample${samples.length === 1 ? "" : "s"} x ${args.metrics.length} metric${args.metrics.length === 1 ? "" : "s"}${args.repeat > 1 ? ` x ${args.repeat} runs` : ""} ${judgedBy} (concurrency ${args.concurrency})\n`,
  );
  // By batch only when some metric needs a judge: the text metrics alone make no request at all.
  const byBatchMode = transport !== undefined && (args.batch || args.batchFiles !== undefined);
  if (byBatchMode) {
    const rounds = batchRoundsFor(args.metrics);
    io.stderr.write(
      `by batch: ${rounds} round${rounds === 1 ? "" : "s"}, one after another${args.batch ? `, each within the provider's ${BATCH_WINDOW} completion window` : ""}; priced at batch rates\n`,
    );
  }
  // A run by batch never calls the sync endpoint (vLLM's run-batch has none): the batch API's own
  // answers say what is wrong.
  const preflightCalls = transport && !byBatchMode ? await preflight(transport, io.signal) : [];
  const baseURL = transport?.baseURL ?? "";

  const prompts = promptsUsed(args.metrics, overrides, customJudges);
  const settings = {
    samples,
    metrics: args.metrics,
    metricOptions,
    model: args.model ?? "",
    embeddingModel: args.embeddingModel,
    baseURL,
    prompts,
    customJudges,
  };
  const fingerprint = runFingerprint(settings);
  const byBatch = byBatchMode ? await scoreByBatch({ args, io, samples, transport, prompts: overrides, metricOptions, customJudges, fingerprint }) : undefined;
  if (byBatch?.kind === "waiting") return EXIT.waiting;
  if (byBatch?.kind === "cancelled") return EXIT.cancelled;
  // A run by batch keeps its own state (FILE.batch); its results go through a memory journal, so
  // runDataset only assembles them (and scores the text metrics, which make no request).
  const journal =
    args.out && !byBatch
      ? openFileJournal(journalPathFor(args.out), { fingerprint, identity: runIdentity(settings) }, args.resume, args.metrics, { secrets })
      : undefined;
  const cache = byBatch ? undefined : openCache(args, secrets);
  for (const w of [...(journal?.warnings ?? []), ...(cache?.warnings ?? [])]) io.stderr.write(`warning: ${w}\n`);
  if (journal && args.resume) {
    const found = journal.found;
    io.stderr.write(
      `resuming: ${found} finished sample run${found === 1 ? "" : "s"} in ${journalPathFor(args.out!)}${cache ? `, ${cache.found} answered request${cache.found === 1 ? "" : "s"} in ${cache.path}` : ""}; requesting the rest\n`,
    );
  }
  // Every request this process sends, the connection check's included, is journaled as it completes.
  const spentNow: CallRecord[] = [];
  const spend = (calls: readonly CallRecord[]) => {
    spentNow.push(...calls.filter((c) => !c.cached));
    journal?.spend(calls);
  };
  spend(preflightCalls);
  // Repeats must reach the judge each time (as in the app): a shared stored reply would make them
  // identical. So they bypass shared replies, but with a journal each repeat keeps its own (scoped
  // by the run's id and the repeat): a resume reads back what each repeat already received.
  // Only metrics that need no judge: no ports at all, so nothing can be sent.
  const portConfig = transport ? { ...transport, ...(cache ? { cache } : {}) } : undefined;
  const bypassCache = args.repeat > 1;
  const runId = journal?.runId;
  const cacheScopeOf = bypassCache && cache && runId !== undefined ? (repeat: number) => `run ${runId} repeat ${repeat + 1}` : undefined;
  const ports = portConfig
    ? meteredPorts(
        {
          judge: createJudge(portConfig, { bypassCache }),
          ...(args.embeddingModel ? { embedder: createEmbedder(portConfig, { bypassCache }) } : {}),
        },
        spend,
      )
    : {};
  let progress: ReturnType<typeof createProgress> | undefined;
  let nulls = 0;
  const started = now();
  let output: RunDatasetOutput;
  try {
    output = await runDataset(
      samples,
      args.metrics,
      {
        ...ports,
        concurrency: args.concurrency,
        prompts: overrides,
        metricOptions,
        customJudges,
        repeat: args.repeat,
        ...(cacheScopeOf ? { cacheScopeOf } : {}),
      },
      asked
        ? withPresetEntries(journal ?? memoryJournal(), targetErrorEntries(failedOf(samples, asked), args.metrics, args.repeat))
        : (journal ?? memoryJournal(byBatch?.entries)),
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
    journal?.close();
    cache?.close();
    asked?.close();
  }
  const wallMs = now() - started;
  const cancelled = io.signal?.aborted === true;
  progress?.finish(cancelled ? "cancelled: writing the partial report (unfinished results are cancelled nulls)" : undefined);

  // By batch, the results' calls are the requests billed (each line of each batch, once).
  const billed = byBatch ? { usage: usageOf(allCalls(output.results)), calls: allCalls(output.results) } : billOf(output, journal, spentNow, preflightCalls);
  const report = buildReport({
    samples,
    output: { ...output, usage: billed.usage },
    config: {
      baseURL,
      model: args.model ?? "",
      ...(args.embeddingModel ? { embeddingModel: args.embeddingModel } : {}),
      concurrency: args.concurrency,
      metrics: args.metrics,
      metricOptions,
      ...(customJudges.length > 0 ? { customJudges } : {}),
      ...(transport ? { temperature: transport.temperature } : {}),
      prompts,
      ...(args.repeat > 1 ? { repeat: args.repeat } : {}),
    },
    generator: generatorStamp("cli"),
    wallMs,
    redact: secrets,
    ...(asked ? { target: { url: asked.url, method: asked.method, outcomes: asked.outcomes } } : {}),
  });
  const written = await renderOutput(report, outputFormatOf(args), { bom: !args.noBom });
  if (args.out) {
    await writeTextFileAtomic(args.out, written);
  } else {
    io.stdout.write(typeof written === "string" ? written : Buffer.from(written).toString("latin1"));
  }
  const cost = estimateCost(billed.calls, [...defaultPriceRows(), ...(args.prices ?? [])], { batch: byBatch !== undefined });
  io.stderr.write(`\n${formatSummaryTable(report, cost)}`);
  if (byBatch?.kind === "done") {
    io.stderr.write(
      `by batch: ${byBatch.rounds} round${byBatch.rounds === 1 ? "" : "s"}${args.batch ? `, ${byBatch.batches} batch${byBatch.batches === 1 ? "" : "es"} (completion window ${BATCH_WINDOW} each)` : ""}; cost at batch prices\n`,
    );
  }
  if (args.out) io.stderr.write(`report: ${args.out}\n`);
  if (byBatch?.kind === "done") {
    if (output.complete) await byBatch.finish();
  } else if (journal && output.complete) {
    journal.remove();
    asked?.finish();
    // The cache beside --out served this run only; a --cache DIR is kept for the next runs.
    if (cache && !args.cache) cache.remove();
  } else if (journal) {
    const kept = [journalPathFor(args.out!), ...(cache ? [cache.path] : [])].join(", ");
    io.stderr.write(`unfinished: the same command with --resume finishes it (kept: ${kept})\n`);
  }

  if (cancelled) return EXIT.cancelled;
  const targetFailures = asked ? failedOf(samples, asked) : [];
  if (targetFailures.length > 0 && targetFailures.length === samples.length) {
    throw new RunError(`the target answered no sample; the first error: ${targetFailures[0]!.message}`);
  }
  const failure = everyResultFailed(report);
  if (failure) throw new RunError(`every request failed; the first error: ${failure}`);
  return EXIT.ok;
}

/**
 * Where answered requests are kept: --cache DIR across runs; by default beside --out (FILE.cache,
 * emptied by a fresh start, kept by --resume, removed with the journal when the run completes);
 * nowhere with --no-cache or without --out.
 */
function openCache(args: ScoreArgs, secrets: readonly string[]): FileResponseCache | undefined {
  if (args.noCache) return undefined;
  if (args.cache) return openFileResponseCache(join(args.cache, CACHE_FILE), { secrets });
  if (args.out) return openFileResponseCache(cachePathFor(args.out), { fresh: !args.resume, secrets });
  return undefined;
}

/**
 * What the run cost, as the provider bills it: every request journaled by every process of the run
 * (a killed one's included) plus this one's; the connection checks are requests too. A journal of
 * version 1 bills nothing, so its run falls back to the calls in the results.
 */
function billOf(
  output: RunDatasetOutput,
  journal: FileJournal | undefined,
  spentNow: readonly CallRecord[],
  preflightCalls: readonly CallRecord[],
): { usage: Usage; calls: CallRecord[] } {
  const inResults = allCalls(output.results);
  if (journal?.billsEveryRequest === false) {
    const calls = [...inResults, ...preflightCalls];
    return { usage: usageOf(calls), calls };
  }
  const calls = [...(journal?.spentBefore ?? []), ...spentNow];
  return { usage: { ...usageOf(calls), cachedRequests: usageOf(inResults).cachedRequests }, calls };
}

/** --input goes through the browser importer's path (CSV in any encoding, JSON, JSONL, parquet). */
async function loadSamples(path: string, io: CliIO, answerOptional: boolean) {
  const { samples, warnings } = await readDatasetFile(path, "--input", { answerOptional });
  for (const w of warnings.slice(0, MAX_WARNINGS_SHOWN)) io.stderr.write(`warning: ${formatIssue(w)}\n`);
  if (warnings.length > MAX_WARNINGS_SHOWN) io.stderr.write(`warning: ... and ${warnings.length - MAX_WARNINGS_SHOWN} more\n`);
  return samples;
}

/** The samples the target could not answer, with its message. */
function failedOf(samples: readonly Sample[], asked: AskedSamples): { sampleId: string; message: string }[] {
  return samples.flatMap((s, i) => {
    const o = asked.outcomes[i];
    return o && isTargetFailed(o) ? [{ sampleId: s.id, message: o.error.message }] : [];
  });
}

/** The first llm_error message when not one result was scored and every null is llm_error. */
function everyResultFailed(report: Report): string | undefined {
  const all = report.results.flatMap((r) => Object.values(r.metrics));
  if (all.length === 0 || !all.every((m) => m.score === null && m.error?.code === "llm_error")) return undefined;
  return all[0]!.error!.message.replace(/\s+/g, " ");
}
