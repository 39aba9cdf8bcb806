import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callsPerSample, evaluate, recomputeScore } from "../../src/engine";
import type { CallRecord } from "../../src/engine/result";
import { createJudge, type TransportConfigInput } from "../../src/llm";
import { CONVERSATIONS } from "../fixtures/conversation/judge-samples";
import { startMockServer, type MockServer } from "../mock/server";

/**
 * Issue 32's judge metrics against the schema-random mock (random JSON valid under each request's
 * schema), 16 seeds x English and Chinese conversations: no parse_error (a null only where the
 * random verdicts leave nothing to measure), every
 * score the recomputation of its trace, every metric making exactly the requests its call count
 * states; then under the fault mix.
 */
const SEEDS = Array.from({ length: 16 }, (_, i) => i + 1);
const METRICS = ["agent_goal_accuracy", "topic_adherence", "conversation_faithfulness"] as const;
const HAN = /[\u4e00-\u9fff]/u;

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({});
});
afterAll(() => mock.close());

async function run(extra: Partial<TransportConfigInput> = {}) {
  const config = { baseURL: mock.url, apiKey: "test", model: "mock-judge", ...extra };
  const out = await evaluate(CONVERSATIONS, METRICS, { judge: createJudge(config), embedder: undefined, concurrency: 8 });
  const nulls: Record<string, number> = {};
  let scored = 0;
  let exactCalls = 0;
  for (const [i, row] of out.results.entries()) {
    for (const id of METRICS) {
      const result = row.metrics[id]!;
      if (result.score === null) nulls[result.error!.code] = (nulls[result.error!.code] ?? 0) + 1;
      // A judged null (random verdicts can leave nothing to measure) is the recomputation's null too.
      if (result.score === null && result.error!.code !== "no_statements") continue;
      scored++;
      const again = recomputeScore(id, result.trace);
      expect(result.score, `${row.sampleId} ${id}`).toBe(again.score);
      expect(result.error?.code, `${row.sampleId} ${id}`).toBe(again.error?.code);
      const chat = (result.trace.calls as CallRecord[]).filter((c) => c.kind === "chat").length;
      if (chat === callsPerSample(id, CONVERSATIONS[i]!, {}).chat) exactCalls++;
    }
  }
  return { out, nulls, scored, exactCalls, total: CONVERSATIONS.length * METRICS.length };
}

describe("schema-random judge, issue 32's conversation metrics", () => {
  it(`${SEEDS.length} seeds x ${CONVERSATIONS.length} conversations x ${METRICS.length} metrics: no parse_error, scores = recomputation, calls as stated`, async () => {
    let chineseReasons = 0;
    for (const seed of SEEDS) {
      mock.configure({ schemaRandom: { seed } });
      mock.resetLog();
      const { out, nulls, scored, exactCalls, total } = await run();
      // Only "nothing to measure" (all turns off topic and refused, say), never a parse_error.
      expect(
        Object.keys(nulls).filter((code) => code !== "no_statements"),
        `seed ${seed}`,
      ).toEqual([]);
      expect(scored).toBe(total);
      expect(exactCalls, `seed ${seed}: every metric makes exactly the requests callsPerSample states`).toBe(total);
      expect(mock.log.filter((r) => r.kind === "chat").every((r) => r.responseFormat === "json_schema")).toBe(true);
      for (const row of out.results) {
        const goal = row.metrics.agent_goal_accuracy!.trace as unknown as { reason: string; goalFrom: string };
        const sample = CONVERSATIONS.find((s) => s.id === row.sampleId)!;
        // The reference is the goal when there is one; otherwise the judge stated it.
        expect(goal.goalFrom).toBe(sample.reference ? "reference" : "judge");
        // Random text in the conversation's language.
        expect(HAN.test(goal.reason), `${row.sampleId}: ${goal.reason}`).toBe(row.sampleId.includes("-zh"));
        if (row.sampleId.includes("-zh")) chineseReasons++;
        const topic = row.metrics.topic_adherence!.trace as unknown as { turns: { turn: number }[] };
        expect(topic.turns.map((t) => t.turn)).toEqual(sample.messages!.flatMap((m, k) => (m.role === "user" ? [k] : [])));
      }
    }
    expect(chineseReasons).toBe(2 * SEEDS.length);
  }, 120_000);

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
      Object.keys(nulls).filter((code) => code !== "llm_error" && code !== "no_statements"),
      JSON.stringify(nulls),
    ).toEqual([]);
    expect(scored / total, JSON.stringify(nulls)).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
