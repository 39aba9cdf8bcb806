import { batchCustomId, chatRequestHash, embedRequestHash, type PendingCall, type ReplyBook, stepOf, uniqueSorted } from "../run/batch-plan";
import type { EmbedReply, EmbedRequest, Embedder, Judge, JudgeReply, JudgeRequest } from "../ports";
import { isMetricError } from "../result";
import { generateTestset } from "./generate";
import type { GenerationOptions, GenerationResult, SourceChunk } from "./types";

/**
 * A generation by batch is the same generation over "recording" ports, as a run by batch is
 * (run/batch-plan.ts): a call whose reply an earlier round brought back is answered at once; a call
 * not known yet is recorded and never answered, so that branch of the pipeline waits. Once every
 * branch waits (`idle` resolves: the caller's macrotask, after every microtask), the recorded
 * calls are the next round: the chunk extractions and summaries, then the personas, then each
 * candidate's question, then its checks, round by round. The generation is deterministic for the
 * same replies, so the pass that finds every reply known ends with the sync generation's lines.
 *
 * A call's custom_id is its content (step and request hash), so the same request asked twice in
 * a pass is one line, and a pass never depends on the order calls were made in.
 */

export type GenerationPass = { kind: "done"; result: GenerationResult } | { kind: "pending"; pending: PendingCall[] };

const SCOPE = { sampleId: "testset", metricId: "testset" } as const;

export async function planGenerationPass(
  chunks: readonly SourceChunk[],
  options: GenerationOptions,
  book: ReplyBook,
  idle: () => Promise<void>,
): Promise<GenerationPass> {
  const pending: PendingCall[] = [];
  const waiting = new Promise<never>(() => undefined);
  const judge: Judge = {
    complete<O>(request: JudgeRequest<O>): Promise<JudgeReply<O>> {
      const customId = batchCustomId(SCOPE, stepOf(request.promptId), 0, chatRequestHash(request as JudgeRequest<unknown>));
      const known = book.chat(customId, request);
      if (isMetricError(known)) return Promise.reject(known);
      if (known) return Promise.resolve(known);
      pending.push({ customId, kind: "chat", scope: SCOPE, request: request as JudgeRequest<unknown> });
      return waiting;
    },
  };
  const embedder: Embedder = {
    embed(request: EmbedRequest): Promise<EmbedReply> {
      const customId = batchCustomId(SCOPE, "embeddings", 0, embedRequestHash(request));
      const known = book.embedding(customId, request);
      if (isMetricError(known)) return Promise.reject(known);
      if (known) return Promise.resolve(known);
      pending.push({ customId, kind: "embedding", scope: SCOPE, request });
      return waiting;
    },
  };
  // No limiter to wait behind: every call of a round is recorded in the same pass.
  const run = generateTestset(chunks, { ...options, concurrency: Number.MAX_SAFE_INTEGER }, { judge, embedder }).then((result) => ({
    kind: "done" as const,
    result,
  }));
  const stalled = idle().then(() => ({ kind: "pending" as const }));
  const first = await Promise.race([run, stalled]);
  if (first.kind === "done") return first;
  // Nothing recorded and not finished: nothing waits on a reply, so it finishes.
  if (pending.length === 0) return run;
  return { kind: "pending", pending: uniqueSorted(pending) };
}
