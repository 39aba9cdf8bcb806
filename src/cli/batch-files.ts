import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BatchPass, BatchPlanConfig } from "../engine/run/batch-plan";
import type { WorkUnit } from "../engine/run/evaluate";
import { planFilesRound } from "../llm/batch/files-round";
import type { BatchLimits } from "../llm/batch/lines";
import type { TransportConfig } from "../llm/config";
import { writeTextFileAtomic } from "./files";

/**
 * --batch-files DIR: the batch rounds through files, for servers the CLI cannot drive (vLLM's
 * `run-batch`, an air-gapped machine, a colleague's account). Each invocation reads every
 * DIR/*.output.jsonl it finds, runs the passes as far as they go, and writes the next round's
 * DIR/round-N-<chat|embeddings>-K.input.jsonl. The directory is the run's state.
 */

/** `foreign`: results in DIR that answer no request of this run (another run's files, an older prompt's). */
export type FilesOutcome =
  | { done: true; pass: BatchPass; rounds: number; foreign: number }
  | { done: false; round: number; written: string[]; known: number; foreign: number };

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
  const outputs = await Promise.all(
    names
      .filter((n) => n.endsWith(".output.jsonl"))
      .sort()
      .map(async (name) => ({ name, text: await readFile(join(options.dir, name), "utf8") })),
  );
  // A round is done when every input file of it has its output file.
  const rounds = new Map<number, boolean>();
  for (const name of names) {
    const m = INPUT.exec(name);
    if (!m) continue;
    const answered = names.includes(name.replace(/\.input\.jsonl$/, ".output.jsonl"));
    rounds.set(Number(m[1]), (rounds.get(Number(m[1])) ?? true) && answered);
  }
  const doneRounds = [...rounds].filter(([, done]) => done).map(([r]) => r);
  const next = await planFilesRound({ ...options, outputs });
  for (const problem of next.problems) options.warn(problem);
  if (next.done) return { done: true, pass: next.pass, rounds: Math.max(0, ...doneRounds), foreign: next.foreign };

  const round = Math.max(0, ...doneRounds) + 1;
  const written: string[] = [];
  for (const chunk of next.chunks) {
    const path = join(options.dir, `round-${round}-${chunk.kind}-${chunk.part}.input.jsonl`);
    await writeTextFileAtomic(path, chunk.text);
    written.push(path);
  }
  return { done: false, round, written, known: next.known, foreign: next.foreign };
}
