import { parseArgs as tokenize } from "node:util";
import { CHECKS, type CheckName, type Distribution, type GenerationMode, MODES, SYNTHESIZERS } from "../engine/testset";
import { isLocalUrl, requireKeyUnlessLocal } from "./args";
import { UsageError } from "./errors";

/** `generate`'s command line (DESIGN.md contract 12); every mistake is a UsageError naming the flag. */

export interface GenerateArgs {
  docs: string[];
  /** "Use my chunks": a chunk file instead of documents. */
  chunks?: string;
  size: number;
  out: string;
  baseURL: string;
  model: string;
  embeddingModel: string;
  apiKey: string;
  language: string;
  mode: GenerationMode;
  distribution?: Distribution;
  checks: CheckName[];
  seed: number;
  concurrency: number;
  batch: boolean;
  resume: boolean;
  /** --prompts FILE: the prompt studio's exported set; its generation prompts replace the built-in ones. */
  promptsFile?: string;
  timeoutMs: number;
  retries: number;
}

export const GENERATE_HELP = `
  npm run --silent cli -- generate (--docs PATH[,PATH...] | --chunks FILE) --size N --out testset.jsonl
      --base-url URL --model M --embedding-model E [--api-key K | env OPENAI_API_KEY]
      [--language auto|en|zh|...] [--mode graph|quick]
      [--distribution single_hop_specific=1,multi_hop_abstract=1,multi_hop_specific=1]
      [--checks grounded,standalone,leakage,duplicate | --no-checks] [--seed S]
      [--concurrency N] [--prompts prompts.json] [--batch] [--resume]

  PATH is a file or a folder (.md, .txt, .html, .pdf, .docx); --chunks takes your own chunks
  (JSONL, JSON or CSV with a text column) instead. One JSON line per question:
  user_input, reference, reference_contexts, reference_context_ids, synthesizer_name,
  persona_name, query_style, query_length, sources, checks. Every document is accounted for on
  standard error. --resume after an interruption sends no request already answered. --batch
  sends the calls through the provider's batch API, one round of batches per step (extraction and
  summaries, personas, questions, checks), kept in FILE.batch: --resume polls those, submits none twice.
  --prompts takes the prompt set the prompt studio exports: its versions of the generation prompts
  (and of the two statement steps the checks use) are sent instead of the built-in ones.

Exit codes: 0 N lines written; 3 the candidate budget (3 N) ran out first: the lines that passed
are written and standard error says how many each check rejected; 1 nothing to generate from or
a file/endpoint problem; 2 bad command line; 130 cancelled (the lines so far are written).
`;

const OPTIONS = {
  docs: { type: "string" },
  chunks: { type: "string" },
  size: { type: "string" },
  out: { type: "string" },
  "base-url": { type: "string" },
  model: { type: "string" },
  "embedding-model": { type: "string" },
  "api-key": { type: "string" },
  language: { type: "string" },
  mode: { type: "string" },
  distribution: { type: "string" },
  checks: { type: "string" },
  "no-checks": { type: "boolean" },
  seed: { type: "string" },
  concurrency: { type: "string" },
  batch: { type: "boolean" },
  resume: { type: "boolean" },
  prompts: { type: "string" },
  timeout: { type: "string" },
  retries: { type: "string" },
} as const;

function whole(raw: string | undefined, flag: string, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${flag} must be a whole number of at least ${min}, got "${raw}"`);
  return n;
}

function required(value: string | undefined, flag: string, hint = ""): string {
  if (value === undefined || value === "") throw new UsageError(`${flag} is required${hint}`);
  return value;
}

/** "single_hop_specific=2,multi_hop_abstract=1": the short names or ragas's full ones. */
function readDistribution(raw: string): Distribution {
  const out: Distribution = {};
  for (const part of raw.split(",").filter((p) => p.trim() !== "")) {
    const [name, value] = part.split("=").map((s) => s.trim());
    const full = SYNTHESIZERS.find((s) => s === name || s === `${name}_query_synthesizer`);
    const weight = Number(value);
    if (!full)
      throw new UsageError(
        `--distribution: unknown synthesizer "${name}" (expected ${SYNTHESIZERS.map((s) => s.replace(/_query_synthesizer$/, "")).join(", ")})`,
      );
    if (!Number.isFinite(weight) || weight < 0) throw new UsageError(`--distribution: ${name} needs a share of 0 or more, got "${value ?? ""}"`);
    out[full] = weight;
  }
  if (Object.values(out).reduce((a, b) => a + b, 0) <= 0) throw new UsageError("--distribution: the shares add up to 0");
  return out;
}

function readChecks(raw: string | undefined, none: boolean): CheckName[] {
  if (none && raw !== undefined) throw new UsageError("--checks and --no-checks contradict each other: give one");
  if (none) return [];
  if (raw === undefined) return [...CHECKS];
  const names = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const n of names) if (!(CHECKS as readonly string[]).includes(n)) throw new UsageError(`--checks: unknown check "${n}" (expected ${CHECKS.join(", ")})`);
  return CHECKS.filter((c) => names.includes(c));
}

export function parseGenerateArgs(argv: readonly string[], env: Record<string, string | undefined>): GenerateArgs {
  let values: ReturnType<typeof tokenize<{ args: string[]; options: typeof OPTIONS; strict: true; allowPositionals: false }>>["values"];
  try {
    values = tokenize({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0]!);
  }
  const mode = values.mode ?? "graph";
  if (!(MODES as readonly string[]).includes(mode)) throw new UsageError(`--mode must be one of ${MODES.join(", ")}, got "${mode}"`);
  const baseURL = required(values["base-url"] ?? env.OPENAI_BASE_URL, "--base-url", " (or set OPENAI_BASE_URL)");
  try {
    new URL(baseURL);
  } catch {
    throw new UsageError(`--base-url is not a URL: "${baseURL}"`);
  }
  const apiKey = values["api-key"] ?? env.OPENAI_API_KEY ?? "";
  if (!isLocalUrl(baseURL)) requireKeyUnlessLocal({ apiKey, baseURL });
  if (values.docs !== undefined && values.chunks !== undefined) throw new UsageError("--docs and --chunks are two sources: give one");
  const docs = (values.chunks !== undefined ? "" : required(values.docs, "--docs", " (or --chunks FILE to use your own chunks)"))
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const language = (values.language ?? "auto").trim();
  if (!/^(auto|[a-z]{2,3}(-[A-Za-z]{2,4})?)$/.test(language))
    throw new UsageError(`--language must be auto or a language code such as en or zh, got "${language}"`);
  return {
    docs,
    ...(values.chunks !== undefined ? { chunks: values.chunks } : {}),
    size: whole(required(values.size, "--size"), "--size", 0, 1),
    out: required(values.out, "--out"),
    baseURL,
    model: required(values.model, "--model"),
    embeddingModel: required(values["embedding-model"], "--embedding-model", " (generation embeds chunks and questions)"),
    apiKey,
    language,
    mode: mode as GenerationMode,
    ...(values.distribution !== undefined ? { distribution: readDistribution(values.distribution) } : {}),
    checks: readChecks(values.checks, values["no-checks"] === true),
    seed: whole(values.seed, "--seed", 1, 0),
    concurrency: whole(values.concurrency, "--concurrency", 8, 1),
    batch: values.batch === true,
    resume: values.resume === true,
    ...(values.prompts !== undefined ? { promptsFile: required(values.prompts, "--prompts") } : {}),
    timeoutMs: whole(values.timeout, "--timeout", 60_000, 1),
    retries: whole(values.retries, "--retries", 8, 0),
  };
}
