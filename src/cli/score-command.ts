import type { MetricId, MetricOptions } from "../engine/metrics/types";
import { allCalls, usageOf } from "../engine/run/aggregate";
import { evaluate } from "../engine/run/evaluate";
import { createEmbedder } from "../llm/embedder";
import { createJudge } from "../llm/judge";
import { parseTransportConfig } from "../llm/config";
import { sanitizeUrl } from "../storage/format/redact";
import { buildReport, promptsUsed, serializeReport } from "../storage/format/report-build";
import type { Report } from "../storage/format/report-schema";
import { formatIssue, readSamplesFile, SamplesFileError } from "../storage/format/samples-file";
import type { ScoreArgs } from "./args";
import { EXIT, RunError } from "./errors";
import { readTextFile, writeTextFileAtomic } from "./files";
import type { CliIO } from "./io";
import { preflight } from "./preflight";
import { createProgress } from "./progress";
import { readPromptsFile } from "./prompts-file";
import { formatSummaryTable } from "./summary-table";
import { cliVersion, GENERATOR_NAME } from "./version";

const MAX_WARNINGS_SHOWN = 10;

/** `score`: files in, report out (contract 6). Returns the exit code; throws RunError for exit 1. */
export async function scoreCommand(args: ScoreArgs, io: CliIO): Promise<number> {
  const now = io.now ?? (() => performance.now());
  const samples = await loadSamples(args.input, io);
  const overrides = args.prompts ? await readPromptsFile(args.prompts) : {};

  const transport = parseTransportConfig({
    baseURL: args.baseURL,
    apiKey: args.apiKey,
    model: args.model,
    ...(args.embeddingModel ? { embeddingModel: args.embeddingModel } : {}),
    timeoutMs: args.timeoutMs,
    maxRetries: args.retries,
  });
  const shownURL = sanitizeUrl(transport.baseURL);
  io.stderr.write(
    `scoring ${samples.length} sample${samples.length === 1 ? "" : "s"} x ${args.metrics.length} metric${args.metrics.length === 1 ? "" : "s"} with ${args.model} at ${shownURL} (concurrency ${args.concurrency})\n`,
  );
  const preflightCalls = await preflight(transport, io.signal);

  const metricOptions = optionsFrom(args);
  const total = samples.length * args.metrics.length;
  const progress = createProgress({ stream: io.stderr, total, now });
  let done = 0;
  let nulls = 0;
  const started = now();
  const output = await evaluate(
    samples,
    args.metrics,
    {
      judge: createJudge(transport),
      ...(args.embeddingModel ? { embedder: createEmbedder(transport) } : {}),
      concurrency: args.concurrency,
      prompts: overrides,
      metricOptions,
    },
    {
      ...(io.signal ? { signal: io.signal } : {}),
      onResult: ({ result }) => {
        done++;
        if (result.score === null) nulls++;
        progress.update(done, nulls);
      },
    },
  );
  const wallMs = now() - started;
  const cancelled = io.signal?.aborted === true;
  progress.finish(cancelled ? "cancelled: writing the partial report (unfinished results are cancelled nulls)" : undefined);

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
      prompts: promptsUsed(args.metrics, overrides),
    },
    generator: { name: GENERATOR_NAME, version: cliVersion() },
    wallMs,
    redact: [args.apiKey],
  });
  const text = serializeReport(report);
  if (args.out) {
    await writeTextFileAtomic(args.out, text);
  } else {
    io.stdout.write(text);
  }
  io.stderr.write(`\n${formatSummaryTable(report)}`);
  if (args.out) io.stderr.write(`report: ${args.out}\n`);

  if (cancelled) return EXIT.cancelled;
  const failure = everyResultFailed(report);
  if (failure) throw new RunError(`every request failed; the first error: ${failure}`);
  return EXIT.ok;
}

async function loadSamples(path: string, io: CliIO) {
  const text = await readTextFile(path, "--input");
  try {
    const { samples, warnings } = readSamplesFile(text, path);
    for (const w of warnings.slice(0, MAX_WARNINGS_SHOWN)) io.stderr.write(`warning: ${formatIssue(w)}\n`);
    if (warnings.length > MAX_WARNINGS_SHOWN) io.stderr.write(`warning: ... and ${warnings.length - MAX_WARNINGS_SHOWN} more\n`);
    return samples;
  } catch (error) {
    if (error instanceof SamplesFileError) throw new RunError(error.message);
    throw error;
  }
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
