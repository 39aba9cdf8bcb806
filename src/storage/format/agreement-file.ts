import { z } from "zod";
import { baselinePrompts } from "../../engine/agreement/baseline-prompts";
import type { AgreementOutput } from "../../engine/agreement/run-agreement";
import { AGREEMENT_METHODS, AGREEMENT_TASKS, type AgreementMethod, type AgreementTask, PAPER_TABLE_1 } from "../../engine/agreement/types";
import { resolvePrompt } from "../../engine/prompts/resolve";
import type { PromptOverrides } from "../../engine/prompts/types";
import type { MetricResult } from "../../engine/result";
import { sampleSchema } from "../../engine/sample";
import { sanitizeUrl, scrubSecrets } from "./redact";
import { promptsUsed } from "./report-build";
import { generatorSchema, metricResultSchema, type ReportPrompt, reportPromptSchema, reportUsageSchema } from "./report-schema";

/**
 * The agreement file (DESIGN.md contract 10): what the CLI writes, the view stores in IndexedDB
 * and exports. `{ format, version, createdAt, generator, config, samples, rows, paper }`, plus
 * `absolute` only when the data had absolute labels, and `usage` (what the run spent; files
 * written before it existed have none, and still open: an optional field needs no new version).
 */
const AGREEMENT_FORMAT = "ragas-playground/agreement";
const AGREEMENT_VERSION = 1;

const count = z.number().int().min(0);
const unit = z.number().min(0).max(1);
const task = z.enum(AGREEMENT_TASKS);
const method = z.enum(AGREEMENT_METHODS);

const pairSchema = z.object({
  id: z.string(),
  a: z.string(),
  b: z.string(),
  human: z.enum(["a", "b"]),
  scoreA: unit.nullable(),
  scoreB: unit.nullable(),
  predicted: z.enum(["a", "b", "tie"]),
  resultA: metricResultSchema.optional(),
  resultB: metricResultSchema.optional(),
});

const tallyFields = { n: count, correct: count, ties: count, accuracy: unit, ci95: z.tuple([unit, unit]) };

const agreementRowSchema = z.object({ method, task, ...tallyFields, pairs: z.array(pairSchema) });

const absoluteRowSchema = z.object({
  method,
  task,
  threshold: unit,
  ...tallyFields,
  correlation: z.object({ kind: z.enum(["pearson", "point_biserial"]), r: z.number().min(-1).max(1).nullable(), n: count }),
  items: z.array(
    z.object({
      id: z.string(),
      sample: z.string(),
      label: unit,
      score: unit.nullable(),
      predicted: z.union([z.literal(0), z.literal(1)]).nullable(),
      result: metricResultSchema.optional(),
    }),
  ),
});

const agreementConfigSchema = z.object({
  baseURL: z.string(),
  model: z.string(),
  embeddingModel: z.string().optional(),
  concurrency: z.number().int().min(1),
  tasks: z.array(task),
  methods: z.array(method),
  /** Seeds GPT Ranking's shown order. */
  seed: z.string(),
  threshold: unit,
  /** Where the data came from (a file name or the rows API dataset). */
  source: z.string().optional(),
  /** A name the user gave the run ("prompt v2", "llama 8B"). */
  label: z.string().optional(),
  interval: z.literal("wilson-95"),
  prompts: z.array(reportPromptSchema),
});

const paperSchema = z.object({
  source: z.string(),
  ragas: z.record(task, unit),
  gpt_score: z.record(task, unit),
  gpt_ranking: z.record(task, unit),
});

/** Requests and tokens as the provider bills them, the connection check's included; per model so the view can price it. */
const modelSpendSchema = z.object({ requests: count, promptTokens: count, completionTokens: count });
/** The report's usage block (contract 5) plus the spend per model. */
const agreementUsageSchema = reportUsageSchema.extend({ byModel: z.record(z.string(), modelSpendSchema).optional() });

const agreementFileSchema = z.object({
  format: z.literal(AGREEMENT_FORMAT),
  version: z.literal(AGREEMENT_VERSION),
  createdAt: z.iso.datetime({ offset: true }),
  generator: generatorSchema,
  config: agreementConfigSchema,
  samples: z.array(sampleSchema),
  rows: z.array(agreementRowSchema),
  paper: paperSchema,
  absolute: z.array(absoluteRowSchema).optional(),
  usage: agreementUsageSchema.optional(),
});

export type AgreementFile = z.infer<typeof agreementFileSchema>;
type AgreementConfigDoc = z.infer<typeof agreementConfigSchema>;

export interface BuildAgreementInput {
  output: AgreementOutput;
  config: Omit<AgreementConfigDoc, "prompts" | "interval"> & { overrides?: PromptOverrides };
  generator: { name: string; version: string };
  createdAt?: Date;
  /** How long the run took, when the caller timed it. */
  wallMs?: number;
  redact?: readonly string[];
}

/** The prompts a run used (metrics' and baselines'), resolved with the user's overrides. */
function agreementPrompts(tasks: readonly AgreementTask[], methods: readonly AgreementMethod[], overrides: PromptOverrides = {}): ReportPrompt[] {
  const metricPrompts = methods.includes("ragas") ? promptsUsed(tasks, overrides) : [];
  const wanted = (id: string) => methods.some((m) => tasks.some((t) => id === `agreement.${m}.${t}`));
  const baseline = baselinePrompts()
    .filter((p) => wanted(p.id))
    .map((base) => {
      const p = resolvePrompt(base, overrides[base.id]);
      return {
        id: p.id,
        hash: p.hash,
        instruction: p.instruction,
        inputTemplate: p.inputTemplate,
        examples: p.examples,
        ...(p.versionName ? { versionName: p.versionName } : {}),
      };
    });
  return [...metricPrompts, ...baseline];
}

export function buildAgreementFile(input: BuildAgreementInput): AgreementFile {
  const { overrides, ...config } = input.config;
  const file: AgreementFile = {
    format: AGREEMENT_FORMAT,
    version: AGREEMENT_VERSION,
    createdAt: (input.createdAt ?? new Date()).toISOString(),
    generator: { ...input.generator },
    config: { ...config, baseURL: sanitizeUrl(config.baseURL), interval: "wilson-95", prompts: agreementPrompts(config.tasks, config.methods, overrides) },
    samples: input.output.samples.map((s) => ({ ...s, contexts: [...s.contexts] })),
    rows: input.output.rows.map((r) => ({ ...r, pairs: r.pairs.map((p) => ({ ...p, ...slimResults(p) })) })),
    paper: structuredClone(PAPER_TABLE_1) as AgreementFile["paper"],
    usage: { ...input.output.spend, ...(input.wallMs !== undefined ? { wallMs: Math.max(0, Math.round(input.wallMs)) } : {}) },
  };
  if (input.output.absolute.length > 0) {
    file.absolute = input.output.absolute.map((r) => ({ ...r, items: r.items.map((i) => ({ ...i, ...(i.result ? { result: slim(i.result) } : {}) })) }));
  }
  return scrubSecrets(file, input.redact ?? []);
}

export function serializeAgreementFile(file: AgreementFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Reads an agreement file; the message names the first field that does not fit. */
export function parseAgreementFile(value: unknown, name = "agreement file"): AgreementFile {
  const envelope = z.object({ format: z.string(), version: z.number() }).safeParse(value);
  if (!envelope.success || envelope.data.format !== AGREEMENT_FORMAT) throw new Error(`${name}: not an agreement file (format must be "${AGREEMENT_FORMAT}")`);
  if (envelope.data.version > AGREEMENT_VERSION)
    throw new Error(`${name}: version ${envelope.data.version} is newer than this app reads (${AGREEMENT_VERSION}); update the app`);
  const parsed = agreementFileSchema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new Error(`${name}: ${first.path.join(".") || "(document)"}: ${first.message}`);
  }
  return parsed.data;
}

function slimResults(p: { resultA?: MetricResult; resultB?: MetricResult }) {
  return { ...(p.resultA ? { resultA: slim(p.resultA) } : {}), ...(p.resultB ? { resultB: slim(p.resultB) } : {}) };
}

/** Call logs keep their numbers; the full prompt text is in config.prompts already. */
function slim(result: MetricResult): MetricResult {
  const calls = result.trace.calls.map(({ messages: _m, reply: _r, ...rest }) => rest);
  const out: MetricResult = { score: result.score, trace: { ...result.trace, calls } };
  if (result.reason !== undefined) out.reason = result.reason;
  if (result.error) out.error = { code: result.error.code, message: result.error.message };
  return out;
}
