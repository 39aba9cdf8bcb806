import { AGREEMENT_METHODS, AGREEMENT_TASKS, type AgreementMethod, type AgreementTask, DEFAULT_METHODS } from "../engine/agreement/types";
import { DEFAULTS, isLocalUrl } from "./args";
import { UsageError } from "./errors";

/**
 * `agreement` (DESIGN.md contract 10): --input FILE --base-url URL --model M --embedding-model E
 * [--api-key K] [--concurrency N] [--methods ragas,gpt_score,gpt_ranking] --out agreement.json,
 * plus --tasks, --seed, --label, --prompts, --timeout, --retries. Strict like `score`: every
 * mistake is a UsageError naming the flag.
 */
export interface AgreementArgs {
  input: string;
  baseURL: string;
  model: string;
  embeddingModel?: string;
  apiKey: string;
  concurrency: number;
  methods: AgreementMethod[];
  tasks: AgreementTask[];
  seed: string;
  label?: string;
  prompts?: string;
  out: string;
  timeoutMs: number;
  retries: number;
}

const TEXT = [
  "--input",
  "--base-url",
  "--model",
  "--embedding-model",
  "--api-key",
  "--concurrency",
  "--methods",
  "--tasks",
  "--seed",
  "--label",
  "--prompts",
  "--out",
  "--timeout",
  "--retries",
];

export function parseAgreementArgs(argv: readonly string[], env: Record<string, string | undefined>): AgreementArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (!token.startsWith("--")) throw new UsageError(`unexpected argument "${token}" (flags start with --; see --help)`);
    const eq = token.indexOf("=");
    const name = eq > 0 ? token.slice(0, eq) : token;
    if (!TEXT.includes(name)) throw new UsageError(`unknown flag ${name} for agreement (allowed: ${TEXT.join(", ")})`);
    if (values.has(name)) throw new UsageError(`${name} is given twice`);
    const value = eq > 0 ? token.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith("--")) || value.trim() === "") throw new UsageError(`${name} needs a value`);
    values.set(name, value);
  }
  const required = (name: string, envName?: string) => {
    const value = values.get(name) ?? (envName ? env[envName]?.trim() || undefined : undefined);
    if (value === undefined) throw new UsageError(`${name} is required${envName ? ` (or set ${envName})` : ""}`);
    return value;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = values.get(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max)
      throw new UsageError(`${name} expects a whole number from ${min} to ${max}, got "${raw}"`);
    return Number(raw);
  };
  const methods = list("--methods", values.get("--methods"), AGREEMENT_METHODS, DEFAULT_METHODS);
  const tasks = list("--tasks", values.get("--tasks"), AGREEMENT_TASKS, AGREEMENT_TASKS);
  const input = required("--input");
  const model = required("--model");
  const out = required("--out");
  const baseURL = required("--base-url", "OPENAI_BASE_URL");
  if (!/^https?:\/\/[^\s/]+/i.test(baseURL) || !URL.canParse(baseURL)) throw new UsageError(`--base-url must start with http:// or https://, got "${baseURL}"`);
  const embeddingModel = values.get("--embedding-model");
  if (methods.includes("ragas") && tasks.includes("answer_relevancy") && !embeddingModel) {
    throw new UsageError("ragas on answer_relevancy needs --embedding-model (or leave answer_relevancy out of --tasks)");
  }
  const apiKey = values.get("--api-key") ?? env.OPENAI_API_KEY ?? "";
  if (!apiKey && !isLocalUrl(baseURL))
    throw new UsageError(`no API key for ${new URL(baseURL).host}: set OPENAI_API_KEY or pass --api-key (only local servers may go without)`);
  const args: AgreementArgs = {
    input,
    baseURL,
    model,
    apiKey,
    out,
    methods,
    tasks,
    seed: values.get("--seed") ?? "wikieval",
    concurrency: int("--concurrency", DEFAULTS.concurrency, 1, 256),
    timeoutMs: int("--timeout", DEFAULTS.timeoutMs, 1, 3_600_000),
    retries: int("--retries", DEFAULTS.retries, 0, 20),
  };
  if (embeddingModel) args.embeddingModel = embeddingModel;
  const label = values.get("--label");
  if (label) args.label = label;
  const prompts = values.get("--prompts");
  if (prompts) args.prompts = prompts;
  return args;
}

function list<T extends string>(flag: string, raw: string | undefined, allowed: readonly T[], fallback: readonly T[]): T[] {
  if (raw === undefined) return [...fallback];
  const ids = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (ids.length === 0) throw new UsageError(`${flag} needs at least one of: ${allowed.join(", ")}`);
  for (const id of ids) if (!(allowed as readonly string[]).includes(id)) throw new UsageError(`${flag}: unknown "${id}" (allowed: ${allowed.join(", ")})`);
  return [...new Set(ids)] as T[];
}

export const AGREEMENT_HELP = `
  npm run --silent cli -- agreement --input FILE --base-url URL --model M --embedding-model E --out agreement.json [options]
    The paper's Table 1 (agreement with people on WikiEval-shaped data) for your prompts and model.
    --input FILE        columns question, answer, ungrounded_answer, poor_answer, context_v1, context_v2
                        (CSV, JSON, JSONL or parquet; optional human_<task> labels: a/b or 0/1)
    --methods a,b       ${AGREEMENT_METHODS.join(", ")} (default ${DEFAULT_METHODS.join(",")})
    --tasks a,b         ${AGREEMENT_TASKS.join(", ")} (default: all three)
    --seed S            seeds the order GPT Ranking shows the two candidates in (default wikieval)
    --label L           a name for this run (prompt version, model) shown beside others
    --concurrency, --api-key, --prompts, --timeout, --retries as for score.
    Accuracy = (correct + ties / 2) / n with a 95% Wilson score interval.
`;
