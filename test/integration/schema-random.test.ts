import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callsPerSample, evaluate, recomputeScore, type Sample } from "../../src/engine";
import { createJudge } from "../../src/llm";
import { startMockServer, type MockServer } from "../mock/server";
import { runAndCheck, SAMPLES } from "./schema-random.helpers";

/**
 * Issue 7's property test: a server that enforces each request's JSON schema and otherwise
 * answers at random (the schema-random mock) never produces a parse_error, every score is the
 * recomputation of its trace, and a sample takes at most 6 chat calls. Many seeds, English and
 * Chinese samples, all five metrics; then the same under the fault mix.
 */
const SEEDS = Array.from({ length: 16 }, (_, i) => i + 1);

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({});
});
afterAll(() => mock.close());

describe("schema-random judge", () => {
  it(`${SEEDS.length} seeds x ${SAMPLES.length} samples x 5 metrics: no parse_error, scores = recomputation, <= 6 chat calls per sample`, async () => {
    let results = 0;
    let scored = 0;
    for (const seed of SEEDS) {
      mock.configure({ schemaRandom: { seed } });
      mock.resetLog();
      const check = await runAndCheck(mock, SAMPLES);
      results += check.results;
      scored += check.scored;
      expect(check.maxChatCalls).toBeLessThanOrEqual(6);
      // Random text in the input's language: Chinese statements for the Chinese samples, English otherwise.
      for (const sample of SAMPLES) {
        const chinese = /[\u4e00-\u9fff]/u.test(sample.answer);
        expect(check.statements[sample.id]!.length).toBeGreaterThan(0);
        for (const text of check.statements[sample.id]!) expect(/[\u4e00-\u9fff]/u.test(text), `${sample.id}: ${text}`).toBe(chinese);
      }
      // Only structured output was needed: the first mode works and nothing was repaired.
      expect(mock.log.filter((r) => r.kind === "chat").every((r) => r.responseFormat === "json_schema")).toBe(true);
      expect(mock.log.filter((r) => r.kind === "chat").length).toBe(6 * SAMPLES.length);
    }
    expect(results).toBe(SEEDS.length * SAMPLES.length * 5);
    expect(scored).toBe(results);
  }, 120_000);

  it(`under 30% 429 / 10% 500 / 10% cut-off replies: no parse_error, scores = recomputation, <= 6 chat calls`, async () => {
    let results = 0;
    let scored = 0;
    const nulls: Record<string, number> = {};
    for (const seed of SEEDS.slice(0, 8)) {
      // Retry-After 10 ms here: the 1 s production wait is tested in test/llm/retry.test.ts and in the CLI fault test.
      mock.configure({ schemaRandom: { seed }, faults: { rate429: 0.3, rate500: 0.1, rateMalformed: 0.1, retryAfterSeconds: 0.01, seed } });
      const check = await runAndCheck(mock, SAMPLES, { sleep: async () => {} });
      results += check.results;
      scored += check.scored;
      for (const [code, n] of Object.entries(check.nulls)) nulls[code] = (nulls[code] ?? 0) + n;
      expect(check.maxChatCalls).toBeLessThanOrEqual(6);
    }
    mock.configure({ faults: {} });
    expect(results).toBe(8 * SAMPLES.length * 5);
    expect(
      Object.keys(nulls).filter((code) => code !== "llm_error"),
      JSON.stringify(nulls),
    ).toEqual([]);
    expect(scored / results, JSON.stringify(nulls)).toBeGreaterThanOrEqual(0.97);
  }, 120_000);
});

describe("schema-random judge, context relevance over more sentences than one enum holds", () => {
  // 1,300 sentences (English and Chinese) in three contexts, one longer than a window: three calls.
  const lines = (count: number, write: (i: number) => string) => Array.from({ length: count }, (_, i) => write(i + 1)).join(" ");
  const sample: Sample = {
    id: "long-contexts",
    question: "Which sentences say when the bridge opened?",
    answer: "It opened in 1932.",
    contexts: [
      lines(120, (i) => `Note ${i} says the bridge was painted again.`),
      lines(1050, (i) => `Record ${i} says the bridge opened in 1932.`),
      lines(130, (i) => `第${i}条记录说这座桥很长。`),
    ],
  };

  it("4 seeds x 1,300 sentences: 3 requests of at most 500 numbers each, no parse_error, score = recomputation", async () => {
    const config = { baseURL: mock.url, apiKey: "test", model: "mock-judge" };
    expect(callsPerSample("context_relevance", sample).chat).toBe(3);
    for (const seed of [1, 2, 3, 4]) {
      mock.configure({ schemaRandom: { seed } });
      mock.resetLog();
      const out = await evaluate([sample], ["context_relevance"], { judge: createJudge(config), concurrency: 8 });
      const result = out.results[0]!.metrics.context_relevance!;
      expect(result.error, `seed ${seed}`).toBeUndefined();
      expect(result.score).toBe(recomputeScore("context_relevance", result.trace).score);
      const trace = result.trace as unknown as { sentences: { context: number; relevant: number }[] };
      expect(trace.sentences).toHaveLength(1300);
      expect(trace.sentences.filter((s) => s.relevant === 1).length).toBeGreaterThan(0);
      const chat = mock.log.filter((r) => r.kind === "chat");
      expect(chat).toHaveLength(3);
      const enums = chat.map(
        (r) =>
          (r.body as { response_format: { json_schema: { schema: { properties: { needed: { items: { enum: number[] } } } } } } }).response_format.json_schema
            .schema.properties.needed.items.enum,
      );
      expect(enums.map((e) => e.length).reduce((a, b) => a + b, 0)).toBe(1300);
      for (const e of enums) expect(e.length).toBeLessThanOrEqual(500);
    }
    mock.configure({ schemaRandom: undefined });
  }, 60_000);
});
