import {
  BUDGET_FACTOR,
  type CheckName,
  estimateGeneration,
  type GenerationPorts,
  type GenerationProgress,
  type GenerationResult,
  generateTestset,
  type SourceChunk,
} from "../engine/testset";
import type { TransportConfig } from "../llm/config";
import { createEmbedder } from "../llm/embedder";
import { createJudge } from "../llm/judge";
import { sanitizeUrl } from "../storage/format/redact";
import { EXIT, RunError } from "./errors";
import { writeTextFileAtomic } from "./files";
import { GENERATE_HELP, type GenerateArgs, parseGenerateArgs } from "./generate-args";
import { type DocumentAccount, loadChunkFile, loadDocuments } from "./generate-docs";
import { openSpendJournal, type SpendJournal } from "./generate-journal";
import { generateByBatch } from "./generate-batch";
import type { CliIO } from "./io";
import { readPromptsFile } from "./prompts-file";
import { cachePathFor, openFileResponseCache } from "./reply-cache-file";
import { secretsOf } from "./secrets";
import { transportFromArgs } from "./transport";

/** Exit code when the candidate budget ran out before N lines passed (contract 12). */
const EXIT_SHORT = 3;

export async function generateCli(argv: readonly string[], io: CliIO): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout.write(`Usage:${GENERATE_HELP}`);
    return EXIT.ok;
  }
  return generateCommand(parseGenerateArgs(argv, io.env), io);
}

function accountLine(a: DocumentAccount): string {
  return a.skipped ? `document ${a.path}: skipped, ${a.skipped}\n` : `document ${a.path}: ${a.chunks} chunk${a.chunks === 1 ? "" : "s"}\n`;
}

async function generateCommand(parsed: GenerateArgs, io: CliIO): Promise<number> {
  // Read before any document or request: a broken prompt set stops here.
  const args = parsed.promptsFile ? { ...parsed, prompts: await readPromptsFile(parsed.promptsFile) } : parsed;
  const { chunks, accounts } = args.chunks ? await loadChunkFile(args.chunks) : await loadDocuments(args.docs);
  for (const a of accounts) io.stderr.write(accountLine(a));
  const used = accounts.filter((a) => !a.skipped).length;
  io.stderr.write(`documents: ${accounts.length} found, ${used} chunked into ${chunks.length} chunks, ${accounts.length - used} skipped\n`);
  if (chunks.length === 0) throw new RunError("no document gave any text to generate from (see the lines above)");

  const estimate = estimateGeneration(chunks, args);
  io.stderr.write(
    `estimate: ${estimate.chatCalls} chat calls, ${estimate.embeddingRequests} embedding requests, ~${estimate.promptTokens} input and ~${estimate.completionTokens} output tokens (${args.mode} mode, ${args.size} questions, checks: ${args.checks.join(", ") || "none"})\n`,
  );
  const secrets = secretsOf(args);
  const transport = transportFromArgs(args, io.sleep);
  let result: GenerationResult;
  let before = { requests: 0, promptTokens: 0, completionTokens: 0 };
  let finish: () => void = () => undefined;
  if (args.batch) {
    io.stderr.write(`generating by batch with ${args.model} at ${sanitizeUrl(transport.baseURL)} (seed ${args.seed}): one round of batches per step\n`);
    const outcome = await generateByBatch({ chunks, options: args, transport, out: args.out, resume: args.resume, io });
    if (outcome.kind === "cancelled") return EXIT.cancelled;
    io.stderr.write(`by batch: ${outcome.rounds} round${outcome.rounds === 1 ? "" : "s"}, ${outcome.batches} batch${outcome.batches === 1 ? "" : "es"}\n`);
    result = outcome.result;
  } else ({ result, before, finish } = await generateSync(chunks, args, io, transport, secrets));
  await writeTextFileAtomic(args.out, result.samples.map((s) => `${JSON.stringify(s)}\n`).join(""));
  io.stderr.write(summary(result, args, before));
  if (result.complete) {
    finish();
    return EXIT.ok;
  }
  if (result.cancelled) {
    io.stderr.write(`cancelled: ${result.samples.length} lines written to ${args.out}; the same command with --resume goes on\n`);
    return EXIT.cancelled;
  }
  return EXIT_SHORT;
}

/** The generation over the endpoint, its replies kept in FILE.cache and its spend in FILE.journal (so --resume asks nothing twice). */
async function generateSync(
  chunks: SourceChunk[],
  args: GenerateArgs,
  io: CliIO,
  transport: TransportConfig,
  secrets: string[],
): Promise<{ result: GenerationResult; before: SpendJournal["before"]; finish: () => void }> {
  const cache = openFileResponseCache(cachePathFor(args.out), { fresh: !args.resume, secrets });
  const journal = openSpendJournal(args.out, args.resume, secrets);
  for (const w of cache.warnings) io.stderr.write(`warning: ${w}\n`);
  if (args.resume) io.stderr.write(`resuming: ${cache.found} answered request${cache.found === 1 ? "" : "s"} in ${cache.path}; asking the rest\n`);
  io.stderr.write(`generating with ${args.model} at ${sanitizeUrl(transport.baseURL)} (concurrency ${args.concurrency}, seed ${args.seed})\n`);
  const config = { ...transport, cache };
  let lastDrawn = -1;
  try {
    const ports: GenerationPorts = {
      judge: createJudge(config),
      embedder: createEmbedder(config),
      ...(io.signal ? { signal: io.signal } : {}),
      onSpend: (calls) => journal.spend(calls),
      onProgress: (p: GenerationProgress) => {
        // One line per accepted question and per phase, not per request.
        const key = p.accepted * 10 + ["extract", "summarize", "embed", "personas", "generate", "check"].indexOf(p.phase);
        if (key === lastDrawn) return;
        lastDrawn = key;
        io.stderr.write(
          `progress: ${p.phase}, ${p.accepted}/${p.size} accepted of ${p.candidates} candidates, ${p.usage.chatRequests} chat + ${p.usage.embeddingRequests} embedding requests\n`,
        );
      },
    };
    const result = await generateTestset(chunks, args, ports);
    return {
      result,
      before: journal.before,
      // Once the set is written: the cache and journal served this generation and go.
      finish: () => {
        journal.remove();
        cache.remove();
      },
    };
  } finally {
    journal.close();
    cache.close();
  }
}

function summary(r: GenerationResult, args: GenerateArgs, before: { requests: number; promptTokens: number; completionTokens: number }): string {
  const rejected = (Object.keys(r.rejected) as (CheckName | "error")[]).map((k) => `${k} ${r.rejected[k]}`).join(", ");
  const lines = [
    `generated ${r.samples.length} of ${args.size} questions in ${r.language} from ${r.candidates} candidates (budget ${BUDGET_FACTOR * args.size}); rejected: ${rejected}`,
    `requests: ${r.usage.chatRequests} chat, ${r.usage.embeddingRequests} embedding, ${r.usage.cachedRequests} from the reply cache; tokens: ${r.usage.promptTokens} in, ${r.usage.completionTokens} out`,
  ];
  if (before.requests > 0)
    lines.push(`earlier processes of this generation: ${before.requests} requests, ${before.promptTokens} tokens in, ${before.completionTokens} out`);
  if (r.errors.length > 0) lines.push(`failed candidates (first 3 of ${r.errors.length}): ${r.errors.slice(0, 3).join(" | ")}`);
  if (!r.complete && !r.cancelled)
    lines.push(
      `the candidate budget (3 N = ${BUDGET_FACTOR * args.size}) ran out: ${r.samples.length} lines written to ${args.out}; loosen --checks or add documents`,
    );
  else lines.push(`test set: ${args.out}`);
  return `${lines.join("\n")}\n`;
}
