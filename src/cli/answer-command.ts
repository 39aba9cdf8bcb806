import { parseArgs as tokenize } from "node:util";
import { targetStamp } from "../engine/target/outcome";
import { askSamples } from "./ask-samples";
import { EXIT, RunError, UsageError } from "./errors";
import { readDatasetFile, writeTextFileAtomic } from "./files";
import type { CliIO } from "./io";
import { scrubbedJsonLine } from "./secrets";

/**
 * `answer --input FILE --target target.json --out answered.jsonl [--concurrency N] [--resume]
 * [--cache DIR]` (contract 13): asks the user's RAG system about every sample and writes each one
 * with the answer, contexts and context ids its reply held and `target: { status, ms }`, or
 * `target: { error: { code: "target_error", message } }` where the call failed after its retries.
 * A conversation is written with its turns as the system answered them (asked turn by turn). The
 * other fields of each input line go through, so the file can be scored as it is (`contextIds`
 * reads back as the retrieved ids the retrieval metrics use).
 * The input needs questions only (answers are what is asked for). Exit 0 when every sample was
 * asked (failures are coded lines, not a failed run), 1 when every single one failed.
 */

interface AnswerArgs {
  input: string;
  target: string;
  out: string;
  concurrency: number;
  resume: boolean;
  cache?: string;
}

function readAnswerArgs(argv: readonly string[]): AnswerArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = tokenize({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        input: { type: "string" },
        target: { type: "string" },
        out: { type: "string" },
        concurrency: { type: "string" },
        resume: { type: "boolean" },
        cache: { type: "string" },
      },
    }).values;
  } catch (error) {
    throw new UsageError(`answer: ${(error as Error).message}`);
  }
  for (const flag of ["input", "target", "out"] as const) {
    if (typeof values[flag] !== "string" || values[flag] === "") throw new UsageError(`answer: --${flag} is required`);
  }
  const concurrency = Number(values.concurrency ?? "4");
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError(`answer: --concurrency takes a whole number from 1, got "${values.concurrency}"`);
  return {
    input: values.input as string,
    target: values.target as string,
    out: values.out as string,
    concurrency,
    resume: values.resume === true,
    ...(typeof values.cache === "string" ? { cache: values.cache } : {}),
  };
}

export async function answerCli(argv: readonly string[], io: CliIO): Promise<number> {
  const args = readAnswerArgs(argv);
  const { samples } = await readDatasetFile(args.input, "--input", { answerOptional: true });
  const asked = await askSamples(samples, args, io);
  if (asked.cancelled) {
    asked.close();
    io.stderr.write(`cancelled: the same command with --resume asks only what is not answered\n`);
    return EXIT.cancelled;
  }
  const lines = asked.samples.map((sample, i) => {
    const outcome = asked.outcomes[i]!;
    const stamp = targetStamp(outcome);
    // Everything the input said (reference, ids, turns) goes through; what the target gave replaces the rest.
    const { answer, contexts, retrievedContextIds, ...base } = sample;
    if (stamp.error) return { ...base, target: stamp };
    const ids = "contextIds" in outcome && outcome.contextIds ? { contextIds: outcome.contextIds } : retrievedContextIds ? { retrievedContextIds } : {};
    return { ...base, answer, contexts, ...ids, target: stamp };
  });
  await writeTextFileAtomic(args.out, lines.map((l) => `${scrubbedJsonLine(l, asked.secrets)}\n`).join(""));
  asked.finish();
  io.stderr.write(`answered: ${args.out}\n`);
  if (lines.length > 0 && lines.every((l) => "error" in l.target)) {
    throw new RunError(
      `the target answered no sample; the first error: ${asked.outcomes[0] && "error" in asked.outcomes[0] ? asked.outcomes[0].error.message : "?"}`,
    );
  }
  return EXIT.ok;
}
