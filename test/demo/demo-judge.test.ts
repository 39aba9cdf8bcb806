import { describe, expect, it } from "vitest";
import { evaluate, splitSentences, type CallRecord, type MetricId, type MetricResult, type MetricTraces } from "../../src/engine";
import { BUILT_IN_EXAMPLES, createDemoEmbedder, createDemoJudge, DEMO_JUDGE_MODEL, DEMO_ONLY_MESSAGE, getBuiltInExample } from "../../src/demo";
import { RECORDINGS } from "../../src/demo/recordings";

/** The metrics the demo judge has recordings for (the ones that need no judge need no recording). */
const METRIC_IDS = ["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"] as const;
type DemoMetricId = (typeof METRIC_IDS)[number];

/** Scores the recordings were designed to produce (answer_relevancy: from the local demo embedder). */
const EXPECTED: Record<string, Record<DemoMetricId, number>> = {
  "en-rocket-launch": { faithfulness: 3 / 4, answer_relevancy: 0.7061, context_relevance: 2 / 6, context_precision: 1 / 2, context_recall: 3 / 3 },
  "en-store-returns": { faithfulness: 1 / 2, answer_relevancy: 0.7611, context_relevance: 3 / 5, context_precision: (1 + 2 / 3) / 2, context_recall: 3 / 4 },
  "zh-shanghai-tower": { faithfulness: 2 / 3, answer_relevancy: 0.5752, context_relevance: 2 / 5, context_precision: 1, context_recall: 2 / 3 },
  "zh-vpn-request": { faithfulness: 1, answer_relevancy: 0, context_relevance: 2 / 4, context_precision: (1 / 2 + 2 / 3) / 2, context_recall: 3 / 4 },
};

async function scoreExample(id: string, config: Partial<Parameters<typeof evaluate>[2]> = {}) {
  const example = getBuiltInExample(id)!;
  const out = await evaluate([example.sample], METRIC_IDS, { judge: createDemoJudge(), embedder: createDemoEmbedder(), concurrency: 4, ...config });
  return out.results[0]!.metrics as { [K in MetricId]: MetricResult<MetricTraces[K]> };
}

describe.each(BUILT_IN_EXAMPLES.map((e) => e.id))("the demo judge on %s", (id) => {
  const example = getBuiltInExample(id)!;
  const recording = RECORDINGS[id]!;

  it("scores every metric with the designed numbers", async () => {
    const results = await scoreExample(id);
    for (const metric of METRIC_IDS) {
      expect(results[metric].error, `${metric}: ${results[metric].error?.message}`).toBeUndefined();
      expect(results[metric].score, metric).toBeCloseTo(EXPECTED[id]![metric], 4);
    }
  });

  it("gives traces that match the recordings", async () => {
    const r = await scoreExample(id);
    expect(r.faithfulness.trace.statements).toEqual(recording.answerStatements.map((s) => ({ text: s.statement, verdict: s.verdict, reason: s.reason })));
    expect(r.answer_relevancy.trace.questions.map((q: { text: string; noncommittal: number }) => [q.text, q.noncommittal])).toEqual(
      recording.questions.map((q) => [q.question, q.noncommittal]),
    );
    expect(r.context_precision.trace.contexts).toEqual(recording.contextVerdicts.map((v, index) => ({ index, verdict: v.verdict, reason: v.reason })));
    expect(r.context_recall.trace.statements).toEqual(
      recording.referenceStatements.map((s) => ({ text: s.statement, attributed: s.attributed, reason: s.reason })),
    );

    // Sentences as splitSentences cuts each context; exactly the recorded ones are relevant.
    const sentences = example.sample.contexts.flatMap((text, context) => splitSentences(text).map((s) => ({ text: s, context })));
    expect(r.context_relevance.trace.sentences.map((s: { text: string; context: number }) => ({ text: s.text, context: s.context }))).toEqual(sentences);
    const relevant = r.context_relevance.trace.sentences.filter((s: { relevant: number }) => s.relevant === 1).map((s: { text: string }) => s.text);
    expect(relevant).toHaveLength(recording.neededSentences.length);
    for (const [i, fragment] of recording.neededSentences.entries()) expect(relevant[i]).toContain(fragment);
  });

  it("logs each call like a real judge would, with the prompt and the raw reply", async () => {
    const r = await scoreExample(id);
    const chats = METRIC_IDS.flatMap((m): CallRecord[] => r[m].trace.calls).filter((c) => c.kind === "chat");
    expect(chats.map((c) => c.promptId).sort()).toEqual([
      "answer_relevancy.questions",
      "context_precision.verdicts",
      "context_recall.statements",
      "context_relevance.sentences",
      "faithfulness.statements",
      "faithfulness.verdicts",
    ]);
    for (const call of chats) {
      expect(call).toMatchObject({ model: DEMO_JUDGE_MODEL, ms: 0, cached: false, attempts: 1, mode: "json_schema" });
      expect(call.promptTokens).toBeGreaterThan(50);
      expect(call.completionTokens).toBeGreaterThan(0);
      expect(call.messages?.map((m) => m.role)).toEqual(["system", "user"]);
      expect(() => JSON.parse(call.reply!)).not.toThrow();
    }
    const embedding = r.answer_relevancy.trace.calls.find((c: CallRecord) => c.kind === "embedding");
    expect(embedding).toMatchObject({ model: "demo-embedder (local)", promptId: "answer_relevancy.embeddings" });
  });
});

describe("the demo judge refuses what it has no recording for", () => {
  it("an edited prompt gives llm_error with the demo message", async () => {
    const results = await scoreExample("en-rocket-launch", {
      prompts: { "faithfulness.verdicts": { instruction: "Be lenient. Check each numbered statement against the context." } },
    });
    expect(results.faithfulness.score).toBeNull();
    expect(results.faithfulness.error).toEqual({ code: "llm_error", message: DEMO_ONLY_MESSAGE });
    // Only the edited prompt is refused; the others still score.
    expect(results.context_recall.score).toBe(1);
  });

  it("an edited sample gives llm_error with the demo message", async () => {
    const sample = { ...getBuiltInExample("en-store-returns")!.sample, answer: "Returns are accepted for 60 days." };
    const out = await evaluate([sample], ["faithfulness", "answer_relevancy"], { judge: createDemoJudge(), embedder: createDemoEmbedder(), concurrency: 2 });
    for (const metric of ["faithfulness", "answer_relevancy"] as const) {
      expect(out.results[0]!.metrics[metric]?.error).toEqual({ code: "llm_error", message: DEMO_ONLY_MESSAGE });
    }
  });

  it("a reordered context list is not mistaken for the recorded ranking", async () => {
    const base = getBuiltInExample("en-rocket-launch")!.sample;
    const sample = { ...base, contexts: [...base.contexts].reverse() };
    const out = await evaluate([sample], ["context_precision", "context_relevance"], { judge: createDemoJudge(), concurrency: 2 });
    expect(out.results[0]!.metrics.context_precision?.error?.code).toBe("llm_error");
    expect(out.results[0]!.metrics.context_relevance?.error?.code).toBe("llm_error");
  });
});

describe("the demo judge with per-context calls", () => {
  it("answers each context's own call, with the same verdicts", async () => {
    const results = await scoreExample("zh-vpn-request", { metricOptions: { context_precision: { perContextCalls: true } } });
    expect(results.context_precision.score).toBeCloseTo((1 / 2 + 2 / 3) / 2, 10);
    expect(results.context_precision.trace.calls).toHaveLength(4);
  });
});

describe("the built-in examples", () => {
  it("include at least two English and two Chinese examples with 2 to 4 contexts and a reference", () => {
    expect(BUILT_IN_EXAMPLES.filter((e) => e.language === "en").length).toBeGreaterThanOrEqual(2);
    expect(BUILT_IN_EXAMPLES.filter((e) => e.language === "zh").length).toBeGreaterThanOrEqual(2);
    expect(new Set(BUILT_IN_EXAMPLES.map((e) => e.id)).size).toBe(BUILT_IN_EXAMPLES.length);
    for (const e of BUILT_IN_EXAMPLES) {
      expect(e.sample.contexts.length).toBeGreaterThanOrEqual(2);
      expect(e.sample.contexts.length).toBeLessThanOrEqual(4);
      expect(e.sample.reference).toBeTruthy();
      expect(RECORDINGS[e.id]).toBeDefined();
      expect(RECORDINGS[e.id]!.contextVerdicts).toHaveLength(e.sample.contexts.length);
    }
  });
});
