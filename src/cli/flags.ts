import { parseArgs as tokenize } from "node:util";
import { AGREEMENT_METHODS, AGREEMENT_TASKS, DEFAULT_METHODS } from "../engine/agreement/types";
import { METRICS } from "../engine/metrics/registry";
import { needsNoModel } from "../engine/metrics/shared/text-metric";
import { METRIC_IDS } from "../engine/metrics/types";
import { BATCH_PROVIDERS } from "../llm/batch/choose-api";
import { UsageError } from "./errors";
import {
  anyIds,
  fraction,
  httpUrl,
  idsOf,
  metricIds,
  oneOf,
  parsePrices,
  present,
  readOptions,
  readThresholds,
  switched,
  text,
  whole,
  wrapIds,
} from "./flag-readers";

/**
 * Every flag of every command, in one table. A row says how the flag is written, which commands
 * take it, what --help says about it and how its text becomes a value; the parsed arguments of a
 * command are typed from the rows (ScoreArgs, AgreementArgs), so adding a flag is adding a row.
 * Tokenizing is node:util's parseArgs; the checks are ours and strict, because a typo silently
 * ignored turns into a 20-minute run with the wrong settings: every mistake is a UsageError that
 * names the flag and what it accepts.
 */

export type CommandName = "score" | "agreement" | "compare";
type Env = Record<string, string | undefined>;

interface Row<V, C extends CommandName> {
  flag: `--${string}`;
  /** The value's placeholder in --help; a row without one is a switch (present or not). */
  value?: string;
  commands: readonly C[];
  /** Commands that cannot run without it. */
  required?: readonly CommandName[];
  /** The environment variable read when the flag is absent. */
  env?: string;
  /** --help text (lines after the first are indented under it), per command where it differs. */
  help: string | { [K in C]?: string };
  /** The given text (undefined when absent, true for a switch) to the value; throws UsageError. */
  read: (raw: string | true | undefined, flag: string) => V;
  /** A flag that may be given more than once: every value, in order, to the value (read is then unused). */
  many?: (raws: readonly string[], flag: string) => V;
}

const row = <V, const C extends CommandName>(r: Row<V, C>): Row<V, C> => r;

/** The files `score --out` writes: the report, or the results in one of the ecosystem's shapes. */
export const OUTPUT_FORMATS = ["json", "csv", "parquet", "jsonl"] as const;

const DEFAULTS = { concurrency: 8, timeoutMs: 60_000, retries: 8 } as const;

const BOTH = ["score", "agreement"] as const;

/** The metrics that need no judge and no key, as the registry lists them. */
const NO_MODEL_IDS = METRIC_IDS.filter((id) => needsNoModel(METRICS[id]));

/** `score` without --metrics: the metrics that need a judge (the text metrics are asked for by name). */

/** The table, in --help order. */
export const FLAGS = {
  input: row({
    flag: "--input",
    value: "FILE",
    commands: BOTH,
    required: BOTH,
    help: {
      score:
        'samples as JSON (a list, {"samples": [...]}, or a report), JSONL or CSV;\nfields question, answer, contexts, reference (ragas names work too:\nuser_input, response, retrieved_contexts, ground_truth)',
      agreement:
        "columns question, answer, ungrounded_answer, poor_answer, context_v1, context_v2\n(CSV, JSON, JSONL or parquet; optional human_<task> labels: a/b or 0/1)",
    },
    read: present,
  }),
  baseURL: row({
    flag: "--base-url",
    value: "URL",
    commands: BOTH,
    required: ["agreement"],
    env: "OPENAI_BASE_URL",
    help: {
      score: `the OpenAI-compatible endpoint, e.g. https://api.openai.com/v1\n(or set OPENAI_BASE_URL); not needed when every metric needs no judge:\n${wrapIds(NO_MODEL_IDS)}`,
      agreement: "the OpenAI-compatible endpoint, e.g. https://api.openai.com/v1\n(or set OPENAI_BASE_URL)",
    },
    read: httpUrl,
  }),
  model: row({
    flag: "--model",
    value: "M",
    commands: BOTH,
    required: ["agreement"],
    help: { score: "the judge model (not needed when every metric needs no judge)", agreement: "the judge model" },
    read: text,
  }),
  out: row({
    flag: "--out",
    value: "FILE",
    commands: ["score", "agreement", "compare"],
    required: ["agreement"],
    help: {
      score: "write the report here (default: standard output)",
      agreement: "write the agreement file here",
      compare: "write the comparison (JSON) here (default: standard output)",
    },
    read: text,
  }),
  format: row({
    flag: "--format",
    value: "F",
    commands: ["score"],
    help: "what --out holds: json (the report), csv, parquet or jsonl (the results\nunder the ragas column names, for pandas / Hugging Face / Excel);\ndefault: by --out's extension (.csv, .parquet, .jsonl), else json",
    read: (raw, flag) => oneOf(flag, raw, OUTPUT_FORMATS),
  }),
  noBom: row({ flag: "--no-bom", commands: ["score"], help: "csv: no UTF-8 byte order mark (Excel needs one to show Chinese)", read: switched }),
  metrics: row({
    flag: "--metrics",
    value: "a,b,c",
    commands: ["score"],
    help: `metric ids (default: the paper's five):\n${wrapIds(METRIC_IDS)},\nand custom:<slug> for a judge of the --prompts file;\nno judge, no key:\n${wrapIds(NO_MODEL_IDS)}`,
    read: metricIds,
  }),
  options: row({
    flag: "--option",
    value: "M.KEY=VALUE",
    commands: ["score"],
    help: "a metric's option, repeatable, e.g. factual_correctness.mode=recall,\nfactual_correctness.beta=0.5, answer_correctness.weights=1,0,\nnoise_sensitivity.mode=irrelevant, custom:politeness.strictness=5;\nrecorded in the report's config",
    read: (raw, flag) => readOptions(typeof raw === "string" ? [raw] : [], flag),
    many: readOptions,
  }),
  methods: row({
    flag: "--methods",
    value: "a,b",
    commands: ["agreement"],
    help: `${AGREEMENT_METHODS.join(", ")} (default ${DEFAULT_METHODS.join(",")})`,
    read: idsOf("method", AGREEMENT_METHODS, DEFAULT_METHODS),
  }),
  tasks: row({
    flag: "--tasks",
    value: "a,b",
    commands: ["agreement"],
    help: `${AGREEMENT_TASKS.join(", ")} (default: all three)`,
    read: idsOf("task", AGREEMENT_TASKS, AGREEMENT_TASKS),
  }),
  seed: row({
    flag: "--seed",
    value: "S",
    commands: ["agreement"],
    help: "seeds the order GPT Ranking shows the two candidates in (default wikieval)",
    read: (raw) => text(raw) ?? "wikieval",
  }),
  label: row({ flag: "--label", value: "L", commands: ["agreement"], help: "a name for this run (prompt version, model) shown beside others", read: text }),
  embeddingModel: row({
    flag: "--embedding-model",
    value: "E",
    commands: BOTH,
    help: {
      score: "embedding model (needed by answer_relevancy, semantic_similarity and\nanswer_correctness unless answer_correctness.weights=x,0)",
      agreement: "embedding model (needed by ragas on answer_relevancy)",
    },
    read: text,
  }),
  apiKey: row({
    flag: "--api-key",
    value: "K",
    commands: BOTH,
    env: "OPENAI_API_KEY",
    help: "API key; prefer the OPENAI_API_KEY environment variable, since\narguments are visible to other users of the machine. Local servers\n(localhost, private networks) may go without.",
    read: (raw) => text(raw) ?? "",
  }),
  concurrency: row({
    flag: "--concurrency",
    value: "N",
    commands: BOTH,
    help: `most requests in flight at once (default ${DEFAULTS.concurrency})`,
    read: whole(1, 256, DEFAULTS.concurrency),
  }),
  timeoutMs: row({
    flag: "--timeout",
    value: "MS",
    commands: BOTH,
    help: `per-request timeout in milliseconds (default ${DEFAULTS.timeoutMs})`,
    read: whole(1, 3_600_000, DEFAULTS.timeoutMs),
  }),
  retries: row({
    flag: "--retries",
    value: "N",
    commands: BOTH,
    help: `retries on 429, 5xx and network errors (default ${DEFAULTS.retries})`,
    read: whole(0, 20, DEFAULTS.retries),
  }),
  prompts: row({
    flag: "--prompts",
    value: "FILE",
    commands: BOTH,
    help: 'prompt set exported from the prompt studio\n({"format": "ragas-playground/prompts", "version": 2, "prompts": {...},\n"judges": [...]}); its judges run as --metrics custom:<slug>',
    read: text,
  }),
  questions: row({
    flag: "--questions",
    value: "N",
    commands: ["score"],
    help: "answer_relevancy: questions generated per answer",
    read: whole(1, 10, undefined),
  }),
  prices: row({
    flag: "--price",
    value: "M=IN/OUT[,...]",
    commands: BOTH,
    help: "USD per 1M prompt/completion tokens for the cost estimate, for models\nthe built-in list prices do not know (or to correct them)",
    read: (raw) => (typeof raw === "string" ? parsePrices(raw) : undefined),
  }),
  repeat: row({
    flag: "--repeat",
    value: "N",
    commands: ["score"],
    help: "score every sample N times (judges vary; each run asks the judge again);\nthe report keeps each sample's N runs with their mean and standard\ndeviation, and per metric the judge's noise: within-sample standard\ndeviation, the share of samples whose runs disagree, and the judge's\nshare of the variance (default 1)",
    read: whole(1, 100, 1),
  }),
  thresholds: row({
    flag: "--threshold",
    value: "M=V",
    commands: ["score"],
    help: "a CI gate, repeatable, e.g. faithfulness=0.8: each result gets pass\ntrue/false (a null fails; noise_sensitivity, lower is better, passes at or\nbelow), the summary the pass rate with its 95% interval; exit 1 when a\nmetric's mean is on the wrong side",
    read: (raw, flag) => readThresholds(typeof raw === "string" ? [raw] : [], flag),
    many: readThresholds,
  }),
  base: row({
    flag: "--base",
    value: "A.json",
    commands: ["compare"],
    required: ["compare"],
    help: "the report to compare against (the run before the change)",
    read: present,
  }),
  candidate: row({
    flag: "--candidate",
    value: "B.json",
    commands: ["compare"],
    required: ["compare"],
    help: "the report of the changed run (same dataset: results pair by sample id)",
    read: present,
  }),
  compareMetrics: row({
    flag: "--metrics",
    value: "a,b",
    commands: ["compare"],
    help: "metrics to compare (default: every metric both reports hold)",
    read: anyIds,
  }),
  alpha: row({
    flag: "--alpha",
    value: "A",
    commands: ["compare"],
    help: "significance level, after Holm's adjustment across the metrics (default 0.05)",
    read: fraction(0, 1, 0.05, true),
  }),
  minEffect: row({
    flag: "--min-effect",
    value: "D",
    commands: ["compare"],
    help: "a difference smaller than D is never better or worse (default 0)",
    read: fraction(0, 1, 0),
  }),
  failOn: row({
    flag: "--fail-on",
    value: "regression",
    commands: ["compare"],
    help: "exit 1 when any metric's verdict is worse (for CI)",
    read: (raw, flag) => oneOf(flag, raw, ["regression"] as const),
  }),
  resume: row({
    flag: "--resume",
    commands: ["score"],
    help: "finish an interrupted run: with --out, each finished sample is journaled in\nFILE.journal and each answered request in FILE.cache as they come; the same\ncommand with --resume sends no request already answered and writes the\nreport an uninterrupted run would (both files go once the report is written);\na finished run (its report there, no FILE.journal) is left as it is",
    read: switched,
  }),
  cache: row({
    flag: "--cache",
    value: "DIR",
    commands: ["score"],
    help: "keep answered requests in DIR/replies.jsonl across runs (as the app keeps\nthem): a repeated run of unchanged samples and prompts asks nothing again.\nIt also serves --resume, instead of FILE.cache. A reply whose checksum\nfails when read is asked again; the key is scrubbed from every line",
    read: text,
  }),
  noCache: row({
    flag: "--no-cache",
    commands: ["score"],
    help: "no stored replies are read or written: every request goes to the server\n(--resume then skips finished samples only)",
    read: switched,
  }),
  target: row({
    flag: "--target",
    value: "FILE",
    commands: ["score"],
    help: "ask your RAG system first (contract 13: url, method, headers, body with\n{{question}} or {{messages}}, JSONPath answer / contexts / contextIds /\ntoolCalls): each sample's answer, contexts and retrieved ids come from its\nreply (a sample with turns is asked turn by turn), then it is scored; a\nsample the target could not answer has null target_error metrics. The\ninput needs questions only. Replies are journaled in FILE.replies (or the\n--cache DIR), so --resume asks the target nothing it already answered",
    read: text,
  }),
  batch: row({
    flag: "--batch",
    commands: ["score"],
    help: "run by the provider's Batch API (OpenAI, Azure, or any server with\n/files and /batches; Anthropic's and OpenRouter's inline batches, see\n--batch-provider): half price, finished within 24 h; the calls go\nin rounds (statements first, then the verdicts on them, embeddings on\ntheir own). With --out, the batches are kept in FILE.batch, so after\nan interruption --resume polls them again and submits none twice",
    read: switched,
  }),
  batchProvider: row({
    flag: "--batch-provider",
    value: "P",
    commands: ["score"],
    help: "which batch API --batch speaks: openai (Files + Batches), anthropic\n(Message Batches), openrouter (inline batches) or auto (default: by the\nbase URL's host: api.anthropic.com, openrouter.ai, else openai); set it\nfor a proxy of one of them on another host",
    read: (raw, flag) => oneOf(flag, raw, BATCH_PROVIDERS),
  }),
  batchFiles: row({
    flag: "--batch-files",
    value: "DIR",
    commands: ["score"],
    help: "the same rounds through files: writes DIR/round-N-*.input.jsonl, you\nrun them (e.g. vllm run-batch -i X.input.jsonl -o X.output.jsonl) and\nrun the same command again; it reads the outputs and goes on (exit 75\nwhile it waits for output files)",
    read: text,
  }),
  perContext: row({ flag: "--per-context", commands: ["score"], help: "context_precision: one judge call per context (as ragas does)", read: switched }),
};

type Table = typeof FLAGS;
type KeysOf<C extends CommandName> = { [K in keyof Table]: C extends Table[K]["commands"][number] ? K : never }[keyof Table];
type ValueOf<K extends keyof Table> = ReturnType<Table[K]["read"]>;
type Flat<T> = { [K in keyof T]: T[K] };
/** A command's parsed flags: a flag whose value may be absent is an optional property. */
export type FlagValues<C extends CommandName> = Flat<
  { [K in KeysOf<C> as undefined extends ValueOf<K> ? never : K]: ValueOf<K> } & {
    [K in KeysOf<C> as undefined extends ValueOf<K> ? K : never]?: Exclude<ValueOf<K>, undefined>;
  }
>;

type AnyRow = Row<unknown, CommandName>;
const rowsOf = (command: CommandName) => (Object.entries(FLAGS) as [string, AnyRow][]).filter(([, r]) => r.commands.includes(command));

/**
 * The flags of one command: tokenized by node:util parseArgs, then checked row by row (unknown,
 * given twice, missing or empty value, value on a switch; then each row's own form, in table order).
 * --help / -h are answered before this runs.
 */
export function readFlags<C extends CommandName>(command: C, argv: readonly string[], env: Env): FlagValues<C> {
  const rows = rowsOf(command);
  const byFlag = new Map(rows.map(([key, r]) => [r.flag, { key, r }]));
  const options = Object.fromEntries(rows.map(([, r]) => [r.flag.slice(2), { type: r.value ? ("string" as const) : ("boolean" as const) }]));
  const { tokens } = tokenize({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const given = new Map<string, string | true>();
  const repeated = new Map<string, string[]>();
  for (const token of tokens) {
    if (token.kind === "positional") throw new UsageError(`unexpected argument "${token.value}" (flags start with --; see --help)`);
    if (token.kind === "option-terminator") throw new UsageError(`unexpected argument "--" (flags start with --; see --help)`);
    const name = token.rawName;
    const entry = byFlag.get(name as `--${string}`);
    if (!entry) {
      const allowed = [...byFlag.keys(), "--help"].join(", ");
      throw new UsageError(`unknown flag ${name}${command === "score" ? "" : ` for ${command}`} (allowed: ${allowed})`);
    }
    if (given.has(entry.key) && !entry.r.many) throw new UsageError(`${name} is given twice`);
    if (!entry.r.value) {
      if (token.value !== undefined) throw new UsageError(`${name} takes no value`);
      given.set(entry.key, true);
      continue;
    }
    const value = token.value;
    // parseArgs takes the next word as the value even when it is a flag: `--out --resume` means --out lacks one.
    if (value === undefined || (!token.inlineValue && value.startsWith("--"))) throw new UsageError(`${name} needs a value`);
    if (value.trim() === "") throw new UsageError(`${name} needs a non-empty value`);
    given.set(entry.key, value);
    if (entry.r.many) repeated.set(entry.key, [...(repeated.get(entry.key) ?? []), value]);
  }
  const values: Record<string, unknown> = {};
  for (const [key, r] of rows) {
    const raw = given.get(key) ?? (r.env ? env[r.env]?.trim() || undefined : undefined);
    if (raw === undefined && r.required?.includes(command)) throw new UsageError(`${r.flag} is required${r.env ? ` (or set ${r.env})` : ""}`);
    const value = r.many ? r.many(repeated.get(key) ?? [], r.flag) : r.read(raw, r.flag);
    if (value !== undefined) values[key] = value;
  }
  return values as FlagValues<C>;
}

/** A command's flags as --help lists them: the required ones, then the options. */
export function flagHelp(command: CommandName, indent = 2, column = 27): { required: string; options: string } {
  const lines = (required: boolean) =>
    rowsOf(command)
      .filter(([, r]) => (r.required?.includes(command) ?? false) === required)
      .map(([, r]) => {
        const help = typeof r.help === "string" ? r.help : (r.help as Partial<Record<CommandName, string>>)[command];
        const head = `${" ".repeat(indent)}${r.flag}${r.value ? ` ${r.value}` : ""}`;
        const [first = "", ...rest] = (help ?? "").split("\n");
        return [`${head.padEnd(column - 1)} ${first}`, ...rest.map((l) => `${" ".repeat(column)}${l}`)].join("\n");
      })
      .join("\n");
  return { required: lines(true), options: lines(false) };
}
