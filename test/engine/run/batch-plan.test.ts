import { describe, expect, it } from "vitest";
import { evaluate, type JudgeRequest, MetricError, type Sample } from "../../../src/engine";
import { batchCustomId, batchRoundsFor, MAX_CUSTOM_ID, type PendingCall, planBatchPass, type ReplyBook } from "../../../src/engine/run/batch-plan";
import { scriptedJudge, tableEmbedder } from "../fake-judge";

const ALL = ["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"] as const;

const sample = (id: string): Sample => ({
  id,
  question: "Who directed Oppenheimer?",
  answer: "Christopher Nolan directed it. Cillian Murphy stars.",
  contexts: ["Oppenheimer is a 2023 film directed by Christopher Nolan.", "Paris is in France. It has cafés."],
  reference: "Christopher Nolan directed Oppenheimer.",
});

const replies: Record<string, unknown> = {
  "faithfulness.statements": { statements: ["Christopher Nolan directed Oppenheimer.", "Cillian Murphy stars in Oppenheimer."] },
  "faithfulness.verdicts": {
    verdicts: [
      { statement: 1, reason: "stated", verdict: 1 },
      { statement: 2, reason: "not stated", verdict: 0 },
    ],
  },
  "answer_relevancy.questions": {
    questions: [
      { question: "Who directed Oppenheimer?", noncommittal: 0 },
      { question: "Who made it?", noncommittal: 0 },
      { question: "Who is in it?", noncommittal: 0 },
    ],
  },
  "context_relevance.sentences": { needed: [1] },
  "context_precision.verdicts": {
    verdicts: [
      { context: 1, reason: "names Nolan", verdict: 1 },
      { context: 2, reason: "about Paris", verdict: 0 },
    ],
  },
  "context_recall.statements": { statements: [{ statement: "Christopher Nolan directed Oppenheimer.", reason: "in context 1", attributed: 1 }] },
};
const vectors = { "Who directed Oppenheimer?": [1, 0, 0], "Who made it?": [0.6, 0.8, 0], "Who is in it?": [0, 1, 0] };

/** A "provider" that answers a round's requests the way the sync fakes do, keyed by custom_id. */
function fakeProvider(failing: (call: PendingCall) => string | undefined = () => undefined) {
  const { judge } = scriptedJudge(replies);
  const { embedder } = tableEmbedder(vectors);
  const known = new Map<string, unknown>();
  const book: ReplyBook = {
    chat: (id) => known.get(id) as never,
    embedding: (id) => known.get(id) as never,
  };
  const answer = async (calls: readonly PendingCall[]) => {
    for (const call of calls) {
      const failure = failing(call);
      if (failure) known.set(call.customId, new MetricError("llm_error", failure));
      else if (call.kind === "chat") known.set(call.customId, await judge.complete(call.request as JudgeRequest<unknown>));
      else known.set(call.customId, await embedder.embed(call.request));
    }
  };
  return { book, answer };
}

async function runByBatch(samples: Sample[], provider = fakeProvider(), metricIds: readonly (typeof ALL)[number][] = ALL) {
  const units = samples.map((s) => ({ sample: s, metricIds }));
  const rounds: PendingCall[][] = [];
  for (;;) {
    const pass = await planBatchPass(units, { hasEmbedder: true }, provider.book);
    if (pass.pending.length === 0) return { pass, rounds };
    rounds.push(pass.pending);
    await provider.answer(pass.pending);
  }
}

describe("planBatchPass", () => {
  it("finishes in two rounds and gives the sync run's results", async () => {
    const samples = [sample("s1"), sample("s2")];
    const { pass, rounds } = await runByBatch(samples);
    // Round 1: statements, questions, sentences, verdicts, recall for 2 samples; round 2: verdicts + embeddings.
    expect(rounds.map((r) => r.length)).toEqual([10, 4]);
    expect(rounds[1]!.map((c) => c.kind).sort()).toEqual(["chat", "chat", "embedding", "embedding"]);
    expect(pass.finished).toBe(10);

    const { judge } = scriptedJudge(replies);
    const { embedder } = tableEmbedder(vectors);
    const sync = await evaluate(samples, ALL, { judge, embedder, concurrency: 4 });
    expect(pass.results).toEqual(sync.results);
    expect(pass.results[0]!.metrics.faithfulness!.score).toBe(0.5);
  });

  it("context relevance over 600 sentences: its two windows go in the same round, with the sync run's result", async () => {
    const lines = (part: number) => Array.from({ length: 200 }, (_, i) => `Line ${i + 1} of part ${part} is here.`).join(" ");
    const long: Sample = { ...sample("long"), contexts: [lines(1), lines(2), lines(3)] };
    const { pass, rounds } = await runByBatch([long], fakeProvider(), ["context_relevance"]);
    expect(rounds.map((r) => r.length)).toEqual([2]);
    expect(rounds[0]!.map((c) => c.customId.split(":").slice(2, 4).join(":"))).toEqual(["sentences:0", "sentences:1"]);
    const { judge } = scriptedJudge(replies);
    const sync = await evaluate([long], ["context_relevance"], { judge, concurrency: 4 });
    expect(pass.results).toEqual(sync.results);
    // Sentence 1 of each window: lines 1 and 401 of 600.
    expect(pass.results[0]!.metrics.context_relevance!.score).toBe(2 / 600);
  });

  it("makes the same custom_ids every pass, unique and at most 64 characters", async () => {
    const provider = fakeProvider();
    const units = [{ sample: sample("a-rather-long-sample-id-that-gets-hashed"), metricIds: ALL }];
    const first = await planBatchPass(units, { hasEmbedder: true }, provider.book);
    const again = await planBatchPass(units, { hasEmbedder: true }, provider.book);
    expect(again.pending.map((c) => c.customId)).toEqual(first.pending.map((c) => c.customId));
    expect(new Set(first.pending.map((c) => c.customId)).size).toBe(5);
    for (const call of first.pending) expect(call.customId.length).toBeLessThanOrEqual(MAX_CUSTOM_ID);
    expect(first.pending.find((c) => c.scope.metricId === "faithfulness")!.customId).toMatch(/^h[0-9a-f]{12}:faithfulness:statements:0:[0-9a-f]{10}$/);
  });

  it("turns a failed line into an llm_error null with the provider's words, other metrics unaffected", async () => {
    const provider = fakeProvider((call) =>
      call.kind === "chat" && call.request.promptId === "faithfulness.verdicts" ? "This request expired before it could be processed." : undefined,
    );
    const { pass } = await runByBatch([sample("s1")], provider);
    const faith = pass.results[0]!.metrics.faithfulness!;
    expect(faith.score).toBeNull();
    expect(faith.error).toEqual({ code: "llm_error", message: "This request expired before it could be processed." });
    expect(pass.results[0]!.metrics.context_precision!.score).toBe(1);
  });

  it("a changed prompt is a different custom_id (no stale reply is reused)", () => {
    const scope = { sampleId: "s1", metricId: "faithfulness" as const };
    expect(batchCustomId(scope, "verdicts", 0, "aaaaaaaaaaaaaaaa")).not.toBe(batchCustomId(scope, "verdicts", 0, "bbbbbbbbbbbbbbbb"));
    expect(batchRoundsFor(["context_recall", "faithfulness"])).toBe(2);
    expect(batchRoundsFor(["context_recall"])).toBe(1);
  });
});
