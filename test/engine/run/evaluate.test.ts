import { describe, expect, it } from "vitest";
import { type ContextPrecisionTrace, type ContextRelevanceTrace, evaluate, type FaithfulnessTrace, type Sample } from "../../../src/engine";
import { scriptedJudge, tableEmbedder } from "../fake-judge";

const sample: Sample = {
  id: "s1",
  question: "Who directed Oppenheimer?",
  answer: "Christopher Nolan directed it. Cillian Murphy stars.",
  contexts: ["Oppenheimer is a 2023 film directed by Christopher Nolan.", "Paris is in France. It has cafés."],
  reference: "Christopher Nolan directed Oppenheimer.",
};

const replies = {
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

const vectors = {
  "Who directed Oppenheimer?": [1, 0, 0],
  "Who made it?": [0.6, 0.8, 0],
  "Who is in it?": [0, 1, 0],
};

const ALL = ["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"] as const;

describe("evaluate", () => {
  it("scores all five metrics with 6 chat calls and 1 embeddings request", async () => {
    const { judge, requests } = scriptedJudge(replies);
    const { embedder, batches } = tableEmbedder(vectors);
    const out = await evaluate([sample], ALL, { judge, embedder, concurrency: 4 });
    const m = out.results[0]!.metrics;
    expect(m.faithfulness!.score).toBe(0.5);
    expect((m.faithfulness!.trace as FaithfulnessTrace).statements[1]).toEqual({
      text: "Cillian Murphy stars in Oppenheimer.",
      verdict: 0,
      reason: "not stated",
    });
    expect(m.answer_relevancy!.score).toBeCloseTo((1 + 0.6 + 0) / 3, 12);
    // 1 sentence of 3 is needed (context 2 splits into two sentences).
    expect((m.context_relevance!.trace as ContextRelevanceTrace).sentences.map((s) => s.context)).toEqual([0, 1, 1]);
    expect(m.context_relevance!.score).toBeCloseTo(1 / 3, 12);
    expect(m.context_precision!.score).toBe(1);
    expect(m.context_recall!.score).toBe(1);
    expect(requests).toHaveLength(6);
    expect(batches).toEqual([["Who directed Oppenheimer?", "Who directed Oppenheimer?", "Who made it?", "Who is in it?"]]);
    expect(out.usage).toMatchObject({ requests: 7, chatRequests: 6, embeddingRequests: 1 });
    expect(out.summary.ragasScore).toBeGreaterThan(0);
    for (const id of ALL) expect(m[id]!.trace.calls.length).toBeGreaterThan(0);
  });

  it("puts the joined contexts and numbered statements in the verdict prompt", async () => {
    const { judge, requests } = scriptedJudge(replies);
    await evaluate([sample], ["faithfulness"], { judge, concurrency: 2 });
    const user = requests[1]!.messages.at(-1)!.content;
    expect(user).toContain("Oppenheimer is a 2023 film directed by Christopher Nolan.\n\nParis is in France.");
    expect(user).toContain("[1] Christopher Nolan directed Oppenheimer.\n[2] Cillian Murphy stars in Oppenheimer.");
  });

  it("returns missing_input without calls when the reference or the embedder is missing", async () => {
    const { judge, requests } = scriptedJudge(replies);
    const { reference: _, ...noReference } = sample;
    const out = await evaluate([noReference], ["context_precision", "context_recall", "answer_relevancy"], { judge, concurrency: 2 });
    const m = out.results[0]!.metrics;
    expect(m.context_precision!.error?.code).toBe("missing_input");
    expect(m.context_recall!.error?.code).toBe("missing_input");
    expect(m.answer_relevancy!.error).toEqual({ code: "missing_input", message: "Answer relevancy needs an embedding model" });
    expect(requests).toHaveLength(0);
    expect(out.summary.metrics.context_recall).toMatchObject({ mean: null, count: 0, nullCount: 1, nullCodes: { missing_input: 1 } });
  });

  it("turns a verdict list that skips a statement into parse_error, keeping the calls", async () => {
    const { judge } = scriptedJudge({ ...replies, "faithfulness.verdicts": { verdicts: [{ statement: 1, reason: "", verdict: 1 }] } });
    const out = await evaluate([sample], ["faithfulness"], { judge, concurrency: 2 });
    const r = out.results[0]!.metrics.faithfulness!;
    expect(r.score).toBeNull();
    expect(r.error?.code).toBe("parse_error");
    expect(r.error?.message).toContain("expected exactly 2 items");
    expect(r.trace.calls).toHaveLength(2);
  });

  it("gives null no_statements for a refusal after one call", async () => {
    const { judge, requests } = scriptedJudge({ ...replies, "faithfulness.statements": { statements: [] } });
    const out = await evaluate([sample], ["faithfulness"], { judge, concurrency: 2 });
    expect(out.results[0]!.metrics.faithfulness!.error?.code).toBe("no_statements");
    expect(requests).toHaveLength(1);
  });

  it("judges each context in its own parallel call when asked", async () => {
    const { judge, requests } = scriptedJudge({
      ...replies,
      "context_precision.verdicts": (r: { messages: { content: string }[] }) => ({
        verdicts: [{ context: 1, reason: "", verdict: r.messages[1]!.content.includes("Paris") ? 0 : 1 }],
      }),
    });
    const out = await evaluate([sample], ["context_precision"], { judge, concurrency: 4, metricOptions: { context_precision: { perContextCalls: true } } });
    expect(requests).toHaveLength(2);
    expect((out.results[0]!.metrics.context_precision!.trace as ContextPrecisionTrace).contexts.map((c) => [c.index, c.verdict])).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it("never has more requests in flight than the concurrency", async () => {
    const { judge, peak } = scriptedJudge(replies, { delayMs: 5 });
    const { embedder } = tableEmbedder(vectors);
    const samples = Array.from({ length: 12 }, (_, i) => ({ ...sample, id: `s${i}` }));
    const out = await evaluate(samples, ALL, { judge, embedder, concurrency: 3 });
    expect(peak()).toBeLessThanOrEqual(3);
    expect(out.peakInFlight).toBe(3);
    expect(out.results.every((r) => ALL.every((id) => r.metrics[id]!.score !== null))).toBe(true);
  });

  it("accounts for every sample x metric when cancelled mid-run", async () => {
    const { judge } = scriptedJudge(replies, { delayMs: 30 });
    const controller = new AbortController();
    const samples = Array.from({ length: 6 }, (_, i) => ({ ...sample, id: `s${i}` }));
    const events: string[] = [];
    const out = await evaluate(
      samples,
      ["faithfulness", "context_recall"],
      { judge, concurrency: 2 },
      {
        signal: controller.signal,
        onResult: (e) => {
          events.push(`${e.sampleId}:${e.metricId}`);
          // Mid-run: cancelled as the first result comes in (an event, not a time), with others in flight and queued.
          if (events.length === 1) controller.abort();
        },
      },
    );
    const results = out.results.flatMap((r) => Object.values(r.metrics));
    expect(results).toHaveLength(12);
    expect(events).toHaveLength(12);
    expect(results.some((r) => r!.error?.code === "cancelled")).toBe(true);
    expect(results.every((r) => r!.score !== null || r!.error)).toBe(true);
  });

  it("refuses to score with a prompt whose template lost a variable", async () => {
    const { judge, requests } = scriptedJudge(replies);
    const out = await evaluate([sample], ["context_recall"], {
      judge,
      concurrency: 1,
      prompts: { "context_recall.statements": { inputTemplate: "Question: {{question}}\nContext: {{contxt}}" } },
    });
    const r = out.results[0]!.metrics.context_recall!;
    expect(r.error?.code).toBe("invalid_prompt");
    expect(r.error?.message).toContain("{{contxt}}");
    expect(r.error?.message).toContain("{{reference}}");
    expect(requests).toHaveLength(0);
  });
});
