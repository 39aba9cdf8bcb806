import { type BatchPass, type BatchPlanConfig, planBatchPass } from "../../engine/run/batch-plan";
import type { WorkUnit } from "../../engine/run/evaluate";
import type { TransportConfig } from "../config";
import { distinctLines } from "./distinct";
import type { BatchOutputLine } from "../../engine/run/batch-records";
import { type BatchChunk, type BatchLimits, OPENAI_LIMITS, parseOutputFile, splitToFiles } from "./lines";
import { replyBook } from "./reply-book";

/**
 * The download / upload flow without a batch API, for the CLI's --batch-files and the page's
 * "Download batch file" / "Upload results" alike: the output files brought back so far in, the
 * next round's input files (or the finished pass) out. Pure apart from the engine's passes.
 */

/**
 * `known`: the results that answer a request of this run; `foreign`: results read that answer
 * none (another run's file, an older prompt's), counted apart and never used.
 */
export type FilesRound =
  | { done: true; pass: BatchPass; known: number; foreign: number; problems: string[] }
  | { done: false; chunks: (BatchChunk & { kind: "chat" | "embeddings"; part: number })[]; known: number; foreign: number; problems: string[] };

export async function planFilesRound(options: {
  units: readonly WorkUnit[];
  plan: BatchPlanConfig;
  config: TransportConfig;
  /** Output files (JSONL text) with their names, for the problems' messages. */
  outputs: readonly { name: string; text: string }[];
  limits?: BatchLimits;
}): Promise<FilesRound> {
  const lines = new Map<string, BatchOutputLine>();
  const problems: string[] = [];
  for (const file of options.outputs) {
    const parsed = parseOutputFile(file.text);
    problems.push(...parsed.problems.slice(0, 3).map((p) => `${file.name}: ${p}`));
    for (const line of parsed.lines) lines.set(line.custom_id, line);
  }
  const book = replyBook(lines, options.config);
  const pass = await planBatchPass(options.units, options.plan, book);
  const known = book.used().size;
  const foreign = lines.size - known;
  if (pass.pending.length === 0) return { done: true, pass, known, foreign, problems };
  const perKind = new Map<string, number>();
  const chunks = splitToFiles(distinctLines(pass.pending, options.config), options.limits ?? OPENAI_LIMITS).map((chunk) => {
    const kind = chunk.endpoint === "/v1/embeddings" ? ("embeddings" as const) : ("chat" as const);
    const part = (perKind.get(kind) ?? 0) + 1;
    perKind.set(kind, part);
    return { ...chunk, kind, part };
  });
  return { done: false, chunks, known, foreign, problems };
}
