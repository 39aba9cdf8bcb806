import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { type BatchPass, type BatchPlanConfig, planBatchPass } from "../engine/run/batch-plan";
import type { WorkUnit } from "../engine/run/evaluate";
import { type BatchLimits, type BatchOutputLine, inputLine, OPENAI_LIMITS, parseOutputFile, splitToFiles } from "../llm/batch/lines";
import { replyBook } from "../llm/batch/reply-book";
import type { TransportConfig } from "../llm/config";
import { writeTextFileAtomic } from "./files";

/**
 * --batch-files DIR: the batch rounds through files, for servers the CLI cannot drive (vLLM's
 * `run-batch`, an air-gapped machine, a colleague's account). Each invocation reads every
 * DIR/*.output.jsonl it finds, runs the passes as far as they go, and writes the next round's
 * DIR/round-N-<endpoint>-K.input.jsonl. The directory is the run's state.
 */

export type FilesOutcome = { done: true; pass: BatchPass; rounds: number } | { done: false; round: number; written: string[]; known: number };

const INPUT = /^round-(\d+)-(.+)\.input\.jsonl$/;

export async function runByFiles(options: {
  units: readonly WorkUnit[];
  plan: BatchPlanConfig;
  config: TransportConfig;
  dir: string;
  limits?: BatchLimits;
  warn: (text: string) => void;
}): Promise<FilesOutcome> {
  await mkdir(options.dir, { recursive: true });
  const names = await readdir(options.dir);
  const lines = new Map<string, BatchOutputLine>();
  for (const name of names.filter((n) => n.endsWith(".output.jsonl")).sort()) {
    const { lines: read, problems } = parseOutputFile(await readFile(join(options.dir, name), "utf8"));
    for (const problem of problems.slice(0, 3)) options.warn(`${name}: ${problem}`);
    for (const line of read) lines.set(line.custom_id, line);
  }
  // A round is done when every input file of it has its output file.
  const rounds = new Map<number, boolean>();
  for (const name of names) {
    const m = INPUT.exec(name);
    if (!m) continue;
    const round = Number(m[1]);
    const answered = names.includes(name.replace(/\.input\.jsonl$/, ".output.jsonl"));
    rounds.set(round, (rounds.get(round) ?? true) && answered);
  }
  const doneRounds = [...rounds].filter(([, done]) => done).map(([r]) => r);
  const pass = await planBatchPass(options.units, options.plan, replyBook(lines, options.config));
  if (pass.pending.length === 0) return { done: true, pass, rounds: Math.max(0, ...doneRounds) };

  const round = Math.max(0, ...doneRounds) + 1;
  const chunks = splitToFiles(
    pass.pending.map((call) => inputLine(call, options.config)),
    options.limits ?? OPENAI_LIMITS,
  );
  const written: string[] = [];
  const perKind = new Map<string, number>();
  for (const chunk of chunks) {
    const kind = chunk.endpoint === "/v1/embeddings" ? "embeddings" : "chat";
    const k = (perKind.get(kind) ?? 0) + 1;
    perKind.set(kind, k);
    const path = join(options.dir, `round-${round}-${kind}-${k}.input.jsonl`);
    await writeTextFileAtomic(path, chunk.text);
    written.push(path);
  }
  return { done: false, round, written, known: lines.size };
}
