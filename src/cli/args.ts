import { isCustomId } from "../engine/metrics/custom";
import { METRICS } from "../engine/metrics/registry";
import { needsNoModel } from "../engine/metrics/shared/text-metric";
import { asksHelp, asksVersion } from "./command-of";
import { UsageError } from "./errors";
import { type FlagValues, readFlags } from "./flags";
import { checkEmbeddingModel, resolveMetricOptions } from "./metric-options";
import { checkOutputFormat } from "./output-file";

/**
 * `score`'s command line: the flags of the table in flags.ts, then how they fit together. Every
 * mistake is a UsageError naming the flag and what it accepts.
 */
export type ScoreArgs = FlagValues<"score">;

export type Command = { command: "help" } | { command: "version" } | { command: "score"; args: ScoreArgs };

export function parseArgs(argv: readonly string[], env: Record<string, string | undefined>): Command {
  if (argv.length === 0) throw new UsageError("no command given (expected: score, help)");
  if (asksHelp(argv)) return { command: "help" };
  if (asksVersion(argv)) return { command: "version" };
  const [command, ...rest] = argv;
  if (command !== "score") throw new UsageError(`unknown command "${command}" (expected: score, help)`);

  const args = readFlags("score", rest, env);
  // Built-in metrics' options are checked here; custom judges' once --prompts is read.
  checkEmbeddingModel(args, resolveMetricOptions(args));
  // The metrics that need no judge (bleu, rouge_l, exact_match, ...) run with no endpoint, no key
  // and no request; any other metric needs --base-url and --model.
  const judged = needsJudge(args);
  if (judged.length > 0) {
    const missing = !args.baseURL ? "--base-url" : !args.model ? "--model" : undefined;
    if (missing) throw new UsageError(`${missing} is required${missing === "--base-url" ? " (or set OPENAI_BASE_URL)" : ""} for ${judged.join(", ")}`);
    requireKeyUnlessLocal({ apiKey: args.apiKey, baseURL: args.baseURL! });
  }
  if (args.resume && !args.out) throw new UsageError("--resume needs --out (the run's journal is kept beside the report)");
  checkOutputFormat(args);
  if (args.noCache && args.cache) throw new UsageError("--cache and --no-cache contradict each other: give one");
  if (args.batch && args.batchFiles) throw new UsageError("--batch and --batch-files are two ways to run by batch: give one");
  if ((args.batch || args.batchFiles) && args.target)
    throw new UsageError("--target is not available by batch: answer first (the answer command), then score the answered file by batch");
  if ((args.batch || args.batchFiles) && args.repeat > 1) throw new UsageError("--repeat is not available by batch yet: run the repeats as separate runs");
  return { command: "score", args };
}

/** The metrics of this run that call a model (all but the ones that need no judge). */
export function needsJudge(args: Pick<ScoreArgs, "metrics">): string[] {
  return args.metrics.filter((id) => isCustomId(id) || !needsNoModel(METRICS[id]));
}

/** Remote endpoints need a key; a missing one is worth stopping for before the first request. */
export function requireKeyUnlessLocal(args: { apiKey: string; baseURL: string }): void {
  if (!args.apiKey && !isLocalUrl(args.baseURL)) {
    throw new UsageError(`no API key for ${new URL(args.baseURL).host}: set OPENAI_API_KEY or pass --api-key (only local servers may go without)`);
  }
}

/**
 * Loopback and private-network hosts, where servers (Ollama, LM Studio, vLLM) usually run without
 * a key. Anywhere else a missing key is a mistake worth stopping for before the first request.
 */
export function isLocalUrl(baseURL: string): boolean {
  let host: string;
  try {
    host = new URL(baseURL).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return false;
  }
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host === "::1" || host === "0.0.0.0") return true;
  const m = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}
