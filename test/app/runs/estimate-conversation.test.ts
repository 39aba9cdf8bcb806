import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateRun } from "../../../src/app/runs/estimate";
import { evaluate, type MetricId } from "../../../src/engine";
import { createJudge } from "../../../src/llm";
import { CONVERSATIONS } from "../../fixtures/conversation/judge-samples";
import { startMockServer, type MockServer } from "../../mock/server";

/**
 * Issue 32: the run estimate counts a conversation's judge calls as the judges make them (one per
 * conversation for agent goal accuracy and topic adherence, two per spoken assistant turn for
 * conversation faithfulness, none for the tool-call metrics), so it equals what the server receives.
 */
const METRICS: MetricId[] = ["tool_call_accuracy", "tool_call_f1", "agent_goal_accuracy", "topic_adherence", "conversation_faithfulness"];
const base = { repeat: 1, concurrency: 4, hasEmbedder: false, model: "mock-judge", prices: [] };

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({});
});
afterAll(() => mock.close());

describe("the run estimate of conversation samples", () => {
  it("equals the chat requests the mock receives, cooperative and schema-random, per turn", async () => {
    const estimate = await estimateRun(CONVERSATIONS, METRICS, base);
    // By hand from the fixture: spoken assistant turns per conversation, times two, plus two single calls each.
    const spoken = CONVERSATIONS.map((s) => (s.messages ?? []).filter((m) => m.role === "assistant" && m.content.trim()).length);
    const topics = CONVERSATIONS.filter((s) => s.referenceTopics?.length).length;
    expect(estimate.requests).toBe(spoken.reduce((a, n) => a + 2 * n, 0) + CONVERSATIONS.length + topics);
    for (const schemaRandom of [undefined, { seed: 3 }]) {
      mock.configure(schemaRandom ? { schemaRandom } : {});
      mock.resetLog();
      await evaluate(CONVERSATIONS, METRICS, {
        judge: createJudge({ baseURL: mock.url, apiKey: "test", model: "mock-judge" }),
        embedder: undefined,
        concurrency: 4,
      });
      expect(
        mock.log.filter((r) => r.kind === "chat"),
        schemaRandom ? "schema-random" : "cooperative",
      ).toHaveLength(estimate.requests);
    }
  }, 60_000);

  it("counts the turns' text in the prompt tokens: a longer conversation costs more", async () => {
    const [sample] = CONVERSATIONS;
    const only = ["agent_goal_accuracy"] as MetricId[];
    const short = await estimateRun([{ ...sample!, messages: sample!.messages!.slice(0, 2) }], only, base);
    const long = await estimateRun([sample!], only, base);
    expect(short.requests).toBe(1);
    expect(long.requests).toBe(1);
    expect(long.promptTokens).toBeGreaterThan(short.promptTokens + 20);
  });
});
