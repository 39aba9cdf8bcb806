import { METRIC_IDS, type MetricId } from "../engine/metrics/types";
import type { PriceRow } from "../storage/prices";
import { UsageError } from "./errors";

/**
 * A strict parser: every mistake (unknown flag, missing value, bad number, unknown metric) is a
 * UsageError naming the flag and what it accepts, because a typo silently ignored turns into a
 * 20-minute run with the wrong settings.
 */

export interface ScoreArgs {
  input: string;
  metrics: MetricId[];
  baseURL: string;
  model: string;
  embeddingModel?: string;
  apiKey: string;
  concurrency: number;
  out?: string;
  timeoutMs: number;
  retries: number;
  prompts?: string;
  questions?: number;
  perContext: boolean;
  /** Finish the run journaled beside --out instead of starting over (contract 9). */
  resume: boolean;
  /** Score every sample this many times (contract 9). */
  repeat: number;
  /** --price: USD per 1M tokens for models the built-in list prices do not know, or correct. */
  prices?: PriceRow[];
  /** --batch: the provider's Files + Batches API (half price, up to 24 h), resumable with --resume. */
  batch: boolean;
  /** --batch-files DIR: write each round's JSONL here and read the output JSONL brought back. */
  batchFiles?: string;
}

export type Command = { command: "help" } | { command: "version" } | { command: "score"; args: ScoreArgs };

type Kind = "text" | "list" | "int" | "flag";
interface FlagSpec {
  kind: Kind;
  min?: number;
  max?: number;
}

const FLAGS: Record<string, FlagSpec> = {
  "--input": { kind: "text" },
  "--metrics": { kind: "list" },
  "--base-url": { kind: "text" },
  "--model": { kind: "text" },
  "--embedding-model": { kind: "text" },
  "--api-key": { kind: "text" },
  "--concurrency": { kind: "int", min: 1, max: 256 },
  "--out": { kind: "text" },
  "--timeout": { kind: "int", min: 1, max: 3_600_000 },
  "--retries": { kind: "int", min: 0, max: 20 },
  "--prompts": { kind: "text" },
  "--questions": { kind: "int", min: 1, max: 10 },
  "--resume": { kind: "flag" },
  "--repeat": { kind: "int", min: 1, max: 100 },
  "--price": { kind: "text" },
  "--batch": { kind: "flag" },
  "--batch-files": { kind: "text" },
  "--per-context": { kind: "flag" },
  "--help": { kind: "flag" },
};

export const DEFAULTS = { concurrency: 8, timeoutMs: 60_000, retries: 8 } as const;

export function parseArgs(argv: readonly string[], env: Record<string, string | undefined>): Command {
  if (argv.length === 0) throw new UsageError("no command given (expected: score, help)");
  if (argv.includes("--help") || argv.includes("-h") || argv[0] === "help") return { command: "help" };
  if (argv[0] === "--version" || argv[0] === "version") return { command: "version" };
  const [command, ...rest] = argv;
  if (command !== "score") throw new UsageError(`unknown command "${command}" (expected: score, help)`);

  const values = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]!;
    if (!token.startsWith("--")) throw new UsageError(`unexpected argument "${token}" (flags start with --; see --help)`);
    const eq = token.indexOf("=");
    const name = eq > 0 ? token.slice(0, eq) : token;
    const spec = FLAGS[name];
    if (!spec) throw new UsageError(`unknown flag ${name} (allowed: ${Object.keys(FLAGS).join(", ")})`);
    if (values.has(name)) throw new UsageError(`${name} is given twice`);
    if (spec.kind === "flag") {
      if (eq > 0) throw new UsageError(`${name} takes no value`);
      values.set(name, true);
      continue;
    }
    const value = eq > 0 ? token.slice(eq + 1) : rest[++i];
    if (value === undefined || (eq < 0 && value.startsWith("--"))) throw new UsageError(`${name} needs a value`);
    if (value.trim() === "") throw new UsageError(`${name} needs a non-empty value`);
    values.set(name, value);
  }

  const text = (name: string) => values.get(name) as string | undefined;
  const int = (name: string, fallback?: number) => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const { min = 0, max = Number.MAX_SAFE_INTEGER } = FLAGS[name]!;
    if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
      throw new UsageError(`${name} expects a whole number from ${min} to ${max}, got "${raw}"`);
    }
    return Number(raw);
  };
  const required = (name: string, envName?: string) => {
    const value = text(name) ?? (envName ? env[envName]?.trim() || undefined : undefined);
    if (value === undefined) throw new UsageError(`${name} is required${envName ? ` (or set ${envName})` : ""}`);
    return value;
  };

  // Each flag's own form first, then how flags fit together.
  const metrics = parseMetrics(text("--metrics"));
  const concurrency = int("--concurrency", DEFAULTS.concurrency)!;
  const timeoutMs = int("--timeout", DEFAULTS.timeoutMs)!;
  const retries = int("--retries", DEFAULTS.retries)!;
  const questions = int("--questions");
  const repeat = int("--repeat", 1)!;
  const input = required("--input");
  const model = required("--model");
  const baseURL = required("--base-url", "OPENAI_BASE_URL");
  if (!/^https?:\/\/[^\s/]+/i.test(baseURL) || !URL.canParse(baseURL)) throw new UsageError(`--base-url must start with http:// or https://, got "${baseURL}"`);
  const embeddingModel = text("--embedding-model");
  if (metrics.includes("answer_relevancy") && !embeddingModel) {
    throw new UsageError("answer_relevancy needs --embedding-model (or leave it out of --metrics)");
  }
  const apiKey = text("--api-key") ?? env.OPENAI_API_KEY ?? "";
  if (!apiKey && !isLocalUrl(baseURL)) {
    throw new UsageError(`no API key for ${new URL(baseURL).host}: set OPENAI_API_KEY or pass --api-key (only local servers may go without)`);
  }

  const args: ScoreArgs = {
    input,
    metrics,
    baseURL,
    model,
    apiKey,
    concurrency,
    timeoutMs,
    retries,
    perContext: values.has("--per-context"),
    resume: values.has("--resume"),
    repeat,
    batch: values.has("--batch"),
  };
  if (embeddingModel) args.embeddingModel = embeddingModel;
  const out = text("--out");
  if (out) args.out = out;
  if (args.resume && !out) throw new UsageError("--resume needs --out (the run's journal is kept beside the report)");
  const prompts = text("--prompts");
  if (prompts) args.prompts = prompts;
  const prices = text("--price");
  if (prices) args.prices = parsePrices(prices);
  if (questions !== undefined) args.questions = questions;
  const batchFiles = text("--batch-files");
  if (batchFiles) args.batchFiles = batchFiles;
  if (args.batch && batchFiles) throw new UsageError("--batch and --batch-files are two ways to run by batch: give one");
  if ((args.batch || batchFiles) && repeat > 1) throw new UsageError("--repeat is not available by batch yet: run the repeats as separate runs");
  return { command: "score", args };
}

/**
 * `--price MODEL=IN/OUT[,MODEL=IN/OUT...]`: USD per 1M prompt / completion tokens, e.g.
 * `--price my-judge=0.15/0.6,my-embedder=0.02/0`.
 */
function parsePrices(raw: string): PriceRow[] {
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((entry) => {
      const m = /^(.+?)=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(entry);
      if (!m) throw new UsageError(`--price expects MODEL=IN/OUT in USD per 1M tokens (e.g. gpt-4o-mini=0.15/0.6), got "${entry}"`);
      return { model: m[1]!.trim(), input: Number(m[2]), output: Number(m[3]) };
    });
}

/** Comma-separated metric ids; all five when the flag is absent. */
function parseMetrics(raw: string | undefined): MetricId[] {
  if (raw === undefined) return [...METRIC_IDS];
  const ids = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (ids.length === 0) throw new UsageError(`--metrics needs at least one metric (allowed: ${METRIC_IDS.join(", ")})`);
  for (const id of ids) {
    if (!(METRIC_IDS as readonly string[]).includes(id)) throw new UsageError(`--metrics: unknown metric "${id}" (allowed: ${METRIC_IDS.join(", ")})`);
  }
  return [...new Set(ids)] as MetricId[];
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
