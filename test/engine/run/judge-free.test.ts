import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate, type MetricId, type Sample } from "../../../src/engine";
import { getMetric } from "../../../src/engine/metrics/registry";
import { recomputeScore } from "../../../src/engine/recompute";
import { scoreMetric } from "../../../src/engine/run/score-metric";
import { createEmbedder } from "../../../src/llm/embedder";
import { createJudge } from "../../../src/llm/judge";
import { TRACE_FIELDS } from "../../../src/storage/format/trace-schemas";
import { startMockServer, type MockServer } from "../../mock/server";

const TEXT_METRICS: MetricId[] = ["bleu", "chrf", "rouge_l", "string_similarity", "exact_match", "string_presence"];

const samples: Sample[] = [
  {
    id: "en",
    question: "What is the capital of France?",
    answer: "The capital of France is Paris.",
    contexts: ["Paris is the capital and largest city of France."],
    reference: "Paris is the capital of France.",
  },
  { id: "zh", question: "法国的首都是哪里？", answer: "法国的首都是巴黎。", contexts: [], reference: "巴黎" },
  { id: "same", question: "Capital?", answer: "Paris", contexts: [], reference: "Paris" },
  { id: "no-ref", question: "Capital?", answer: "Paris", contexts: [] },
  { id: "blank-answer", question: "Capital?", answer: "   ", contexts: [], reference: "Paris" },
];

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ apiKey: "sk-test" });
});
afterAll(async () => {
  await mock.close();
});

describe("metrics that need no judge", () => {
  it("score every sample with a judge and an embedder wired to the mock, and send it nothing", async () => {
    const transport = { baseURL: mock.url, apiKey: "sk-test", model: "mock-judge", embeddingModel: "mock-embedding" };
    mock.resetLog();
    const out = await evaluate(samples, TEXT_METRICS, { judge: createJudge(transport), embedder: createEmbedder(transport), concurrency: 4 });
    expect(mock.log).toEqual([]);
    expect(out.usage.requests).toBe(0);

    const byId = Object.fromEntries(out.results.map((r) => [r.sampleId, r.metrics]));
    for (const id of TEXT_METRICS) {
      for (const sampleId of ["en", "zh", "same"]) {
        const result = byId[sampleId]![id]!;
        expect(result.score, `${sampleId} ${id}`).not.toBeNull();
        expect(result.trace.calls).toEqual([]);
        // The trace passes the report checker's schema and recomputes the score exactly.
        expect(TRACE_FIELDS[id].safeParse(result.trace).success).toBe(true);
        expect(recomputeScore(id, result.trace).score).toBe(result.score);
        expect(result.reason).toBeTruthy();
      }
      expect(byId.same![id]!.score).toBe(1);
      expect(byId["no-ref"]![id]!.error?.code).toBe("missing_input");
      expect(byId["blank-answer"]![id]!.error?.code).toBe("missing_input");
    }
    expect(byId.zh!.string_presence!.score).toBe(1);
    expect(byId.zh!.exact_match!.score).toBe(0);
    expect(byId.zh!.bleu!.trace).toMatchObject({ tokenizer: "zh" });
    // 法国的首都是巴黎 is 8 tokens (the full stop is punctuation), 巴黎 is 2: P = 2/8, R = 1.
    expect(byId.zh!.rouge_l!.score).toBeCloseTo((2 * (2 / 8) * 1) / (2 / 8 + 1), 12);
    expect(out.summary.metrics.bleu?.count).toBe(3);
    expect(out.summary.metrics.bleu?.nullCount).toBe(2);
  });

  it("run with no judge at all; a metric that needs one is a coded null then, not a crash", async () => {
    const out = await evaluate(samples.slice(0, 1), ["rouge_l", "faithfulness"], { concurrency: 2 });
    const metrics = out.results[0]!.metrics;
    expect(metrics.rouge_l?.score).toBeGreaterThan(0.5);
    expect(metrics.faithfulness).toMatchObject({ score: null, error: { code: "missing_input" } });
    expect(metrics.faithfulness?.error?.message).toContain("judge");
  });

  it("declare no prompt and no embedding (what lets the playground and the CLI skip the key)", async () => {
    for (const id of TEXT_METRICS) {
      const metric = getMetric(id);
      expect(metric.prompts).toEqual([]);
      expect(metric.usesEmbeddings).toBe(false);
      expect(metric.requires).toEqual(["answer", "reference"]);
      const result = await scoreMetric(metric, samples[0]!, { judge: undefined, embedder: undefined, prompts: undefined, options: {}, signal: undefined });
      expect(result.score).not.toBeNull();
    }
  });
});
