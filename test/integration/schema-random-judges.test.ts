import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnyMetricId, callsPerSample, evaluate, JUDGE_METRIC_IDS, recomputeScore, type Sample } from "../../src/engine";
import type { CallRecord } from "../../src/engine/result";
import { createEmbedder, createJudge, type TransportConfigInput } from "../../src/llm";
import { startMockServer, type MockServer } from "../mock/server";
import { CUSTOM_JUDGES, SAMPLES } from "./schema-random.helpers";

/**
 * Issue 16's property test: the six new judge and embedding metrics and two custom judges (binary
 * k = 3, rubric) against the schema-random mock (random JSON valid under each request's schema),
 * 16 seeds x English and Chinese samples: no parse_error, every score the recomputation of its
 * trace, every metric making exactly the requests its call count says; then under the fault mix.
 */
const SEEDS = Array.from({ length: 16 }, (_, i) => i + 1);
const JUDGES = CUSTOM_JUDGES;
const METRICS: AnyMetricId[] = [...JUDGE_METRIC_IDS, "custom:politeness", "custom:grounded"];
// Every sample must be able to run every metric: the ones without a reference get one.
const samples: Sample[] = SAMPLES.map((s) => ({ ...s, reference: s.reference ?? s.answer }));

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({});
});
afterAll(() => mock.close());

async function run(extra: Partial<TransportConfigInput> = {}) {
  const config = { baseURL: mock.url, apiKey: "test", model: "mock-judge", embeddingModel: "mock-embedding", ...extra };
  const out = await evaluate(samples, METRICS, { judge: createJudge(config), embedder: createEmbedder(config), concurrency: 8, customJudges: JUDGES });
  const nulls: Record<string, number> = {};
  let scored = 0;
  let exactCalls = 0;
  for (const [i, row] of out.results.entries()) {
    for (const id of METRICS) {
      const result = row.metrics[id]!;
      if (result.score === null) {
        nulls[result.error!.code] = (nulls[result.error!.code] ?? 0) + 1;
        continue;
      }
      scored++;
      expect(result.score, `${row.sampleId} ${id}`).toBe(recomputeScore(id, result.trace).score);
      const calls = result.trace.calls as CallRecord[];
      const expected = callsPerSample(id, samples[i]!, {}, JUDGES);
      const chat = calls.filter((c) => c.kind === "chat").length;
      const embedding = calls.filter((c) => c.kind === "embedding").length;
      if (chat === expected.chat && embedding === expected.embedding) exactCalls++;
    }
  }
  return { out, nulls, scored, exactCalls, total: samples.length * METRICS.length };
}

describe("schema-random judge, issue 16's metrics", () => {
  it(`${SEEDS.length} seeds x ${samples.length} samples x ${METRICS.length} metrics: no null at all, scores = recomputation, calls as counted`, async () => {
    let languageChecked = 0;
    for (const seed of SEEDS) {
      mock.configure({ schemaRandom: { seed } });
      mock.resetLog();
      const { out, nulls, scored, exactCalls, total } = await run();
      expect(nulls, `seed ${seed}`).toEqual({});
      expect(scored).toBe(total);
      expect(exactCalls, `seed ${seed}: every metric makes exactly the requests callsPerSample says`).toBe(total);
      expect(mock.log.filter((r) => r.kind === "chat").every((r) => r.responseFormat === "json_schema")).toBe(true);
      // Random text in the input's language: Chinese claims for Chinese answers, English otherwise.
      for (const row of out.results) {
        const sample = samples.find((s) => s.id === row.sampleId)!;
        const chinese = /[\u4e00-\u9fff]/u.test(sample.answer);
        const claims = (row.metrics.factual_correctness!.trace as unknown as { claims: { text: string }[] }).claims;
        for (const c of claims) expect(/[\u4e00-\u9fff]/u.test(c.text), `${sample.id}: ${c.text}`).toBe(chinese);
        languageChecked += claims.length;
      }
    }
    expect(languageChecked).toBeGreaterThan(0);
  }, 240_000);

  it("under 30% 429 / 10% 500 / 10% cut-off replies: no parse_error, scores = recomputation", async () => {
    const nulls: Record<string, number> = {};
    let scored = 0;
    let total = 0;
    for (const seed of SEEDS.slice(0, 8)) {
      mock.configure({ schemaRandom: { seed }, faults: { rate429: 0.3, rate500: 0.1, rateMalformed: 0.1, retryAfterSeconds: 0.01, seed } });
      const check = await run({ sleep: async () => {} });
      for (const [code, n] of Object.entries(check.nulls)) nulls[code] = (nulls[code] ?? 0) + n;
      scored += check.scored;
      total += check.total;
    }
    mock.configure({ faults: {} });
    expect(
      Object.keys(nulls).filter((code) => code !== "llm_error"),
      JSON.stringify(nulls),
    ).toEqual([]);
    expect(scored / total, JSON.stringify(nulls)).toBeGreaterThanOrEqual(0.95);
  }, 240_000);

  it("the cooperative mock answers every new prompt sensibly, in English and Chinese", async () => {
    mock.configure({ schemaRandom: undefined, faults: {} });
    const { out, nulls, scored, total } = await run();
    expect(nulls).toEqual({});
    expect(scored).toBe(total);
    const byId = Object.fromEntries(out.results.map((r) => [r.sampleId, r.metrics]));
    // An answer that is its reference is fully correct; a wrong answer is not.
    expect(byId.oppenheimer!.factual_correctness!.score).toBe(1);
    expect(byId["zh-vpn-request"]!.factual_correctness!.score).toBeLessThan(0.5);
    const zhClaims = (byId["earth-zh"]!.factual_correctness!.trace as unknown as { claims: { text: string }[] }).claims;
    expect(zhClaims.length).toBeGreaterThan(0);
    for (const c of zhClaims) expect(c.text).toMatch(/[\u4e00-\u9fff]/u);
    expect((byId["earth-zh"]!["custom:politeness"]!.trace as unknown as { votes: { reason: string }[] }).votes[0]!.reason).toMatch(/[\u4e00-\u9fff]/u);
  }, 60_000);
});
