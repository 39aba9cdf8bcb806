import { readFile } from "node:fs/promises";
import { runAgreement } from "../engine/agreement/run-agreement";
import { AGREEMENT_TASKS, type AgreementRowResult, PAPER_TABLE_1 } from "../engine/agreement/types";
import { createEmbedder } from "../llm/embedder";
import { createJudge } from "../llm/judge";
import { readAgreementFile } from "../storage/format/agreement-data";
import { buildAgreementFile, serializeAgreementFile } from "../storage/format/agreement-file";
import { sanitizeUrl } from "../storage/format/redact";
import { secretsOf } from "./secrets";
import { SamplesFileError } from "../storage/format/samples-types";
import { AGREEMENT_HELP, type AgreementArgs, parseAgreementArgs } from "./agreement-args";
import { EXIT, RunError } from "./errors";
import { writeTextFileAtomic } from "./files";
import type { CliIO } from "./io";
import { transportFromArgs } from "./transport";
import { preflight } from "./preflight";
import { createProgress } from "./progress";
import { readPromptsFile } from "./prompts-file";
import { generatorStamp } from "../storage/format/generator";
import { defaultPriceRows, estimateModelSpendCost } from "../storage/prices";
import { formatSpend } from "./summary-table";

/** The `agreement` command line: its own help, else parse and run. */
export async function agreementCli(argv: readonly string[], io: CliIO): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout.write(`Usage:${AGREEMENT_HELP}`);
    return EXIT.ok;
  }
  return agreementCommand(parseAgreementArgs(argv, io.env), io);
}

/** `agreement` (contract 10): WikiEval-shaped file in, agreement file out, Table 1 on stderr. */
async function agreementCommand(args: AgreementArgs, io: CliIO): Promise<number> {
  const now = io.now ?? (() => performance.now());
  const rows = await loadRows(args.input);
  const overrides = args.prompts ? await readPromptsFile(args.prompts) : {};
  const transport = transportFromArgs(args, io.sleep);
  io.stderr.write(
    `agreement on ${rows.length} row${rows.length === 1 ? "" : "s"}: ${args.tasks.join(", ")} by ${args.methods.join(", ")} with ${args.model} at ${sanitizeUrl(transport.baseURL)} (concurrency ${args.concurrency})\n`,
  );
  // The connection check is a request too: billed with the run, as `score` bills it.
  const spentBefore = await preflight(transport, io.signal);
  const started = now();

  let progress: ReturnType<typeof createProgress> | undefined;
  const output = await runAgreement(
    rows,
    {
      judge: createJudge(transport),
      ...(args.embeddingModel ? { embedder: createEmbedder(transport) } : {}),
      concurrency: args.concurrency,
      tasks: args.tasks,
      methods: args.methods,
      seed: args.seed,
      prompts: overrides,
      spentBefore,
    },
    {
      ...(io.signal ? { signal: io.signal } : {}),
      onProgress: ({ done, total }) => {
        progress ??= createProgress({ stream: io.stderr, total, now });
        progress.update(done, 0);
      },
    },
  );
  const cancelled = io.signal?.aborted === true;
  progress?.finish(cancelled ? "cancelled: writing the partial file (unfinished judgements are cancelled nulls, counted as ties)" : undefined);

  const file = buildAgreementFile({
    output,
    config: {
      baseURL: transport.baseURL,
      model: args.model,
      ...(args.embeddingModel ? { embeddingModel: args.embeddingModel } : {}),
      concurrency: args.concurrency,
      tasks: args.tasks,
      methods: args.methods,
      seed: args.seed,
      threshold: 0.5,
      source: args.input.split(/[\\/]/).pop() ?? args.input,
      ...(args.label ? { label: args.label } : {}),
      overrides,
    },
    generator: generatorStamp("cli"),
    wallMs: now() - started,
    redact: secretsOf(args),
  });
  await writeTextFileAtomic(args.out, serializeAgreementFile(file));
  const cost = estimateModelSpendCost(output.spend.byModel, [...defaultPriceRows(), ...(args.prices ?? [])]);
  io.stderr.write(
    `\n${formatTable(output.rows)}${formatSpend({ ...output.spend, ...file.usage, peakInFlight: output.peakInFlight }, cost)}agreement: ${args.out}\n`,
  );
  return cancelled ? EXIT.cancelled : EXIT.ok;
}

async function loadRows(path: string) {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (error) {
    throw new RunError(`--input ${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    return (await readAgreementFile({ name: path, bytes })).rows;
  } catch (error) {
    if (error instanceof SamplesFileError) throw new RunError(error.message);
    throw error;
  }
}

const METHOD_NAMES: Record<string, string> = { ragas: "Ragas", gpt_score: "GPT Score", gpt_ranking: "GPT Ranking", gpt_score_5: "GPT Score 1-5" };

/** Laid out like the paper's Table 1: ours with the 95% Wilson interval, the paper's in brackets. */
function formatTable(rows: readonly AgreementRowResult[]): string {
  const methods = [...new Set(rows.map((r) => r.method))];
  const cell = (method: string, task: string) => {
    const r = rows.find((x) => x.method === method && x.task === task);
    if (!r) return "-";
    const paper = (PAPER_TABLE_1 as Record<string, unknown>)[method] as Record<string, number> | undefined;
    return `${r.accuracy.toFixed(2)} [${r.ci95[0].toFixed(2)}-${r.ci95[1].toFixed(2)}]${r.ties ? ` ${r.ties} tie${r.ties > 1 ? "s" : ""}` : ""}${paper ? ` (paper ${paper[task]!.toFixed(2)})` : ""}`;
  };
  const header = ["method", ...AGREEMENT_TASKS];
  const body = methods.map((m) => [METHOD_NAMES[m] ?? m, ...AGREEMENT_TASKS.map((t) => cell(m, t))]);
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    `${r
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd()}\n`;
  return `${line(header)}${body.map(line).join("")}accuracy = (correct + ties/2) / n; [95% Wilson score interval]\n`;
}
