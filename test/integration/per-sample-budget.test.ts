import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { METRIC_IDS as ALL_METRIC_IDS, METRICS, needsNoModel, evaluate, type Sample } from "../../src/engine";
import { createEmbedder, createJudge } from "../../src/llm";
import { startMockServer, type MockServer } from "../mock/server";

/** The metrics that call the judge (the ones that need no judge make no request to budget or fault). */
const METRIC_IDS = ALL_METRIC_IDS.filter((id) => !needsNoModel(METRICS[id]));

/**
 * The per-sample budget, through the real SDK over HTTP, against the cooperative mock and the
 * schema-random one (random JSON valid under each request's schema): all five metrics in 6 chat
 * calls and 1 embeddings request, two round trips deep, and at most 2,600 prompt + schema tokens
 * on the Oppenheimer sample (issue 7; autoevals sends 6,957 for the same five metrics).
 */
const samples: Sample[] = JSON.parse(readFileSync("bench/samples.json", "utf8")).samples;
const LATENCY = 150;

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ latencyMs: LATENCY });
  // A throwaway run first: module loading and the first connection are not the budget's.
  const config = { baseURL: mock.url, apiKey: "test", model: "gpt-4o-mini", embeddingModel: "text-embedding-3-small" };
  await evaluate([samples[0]!], METRIC_IDS, { judge: createJudge(config), embedder: createEmbedder(config), concurrency: 16 });
});
afterAll(() => mock.close());

const modes = [
  ["cooperative mock", undefined],
  ["schema-random mock", { seed: 11 }],
] as const;
const cases = modes.flatMap(([mode, random]) => samples.map((s) => [`${s.id}, ${mode}`, s, random] as const));

describe.each(cases)("per-sample budget: %s", (_label, sample, random) => {
  it("takes 6 chat calls, 1 embeddings request and 2 round trips", async () => {
    mock.configure(random ? { schemaRandom: random } : { schemaRandom: undefined });
    mock.resetLog();
    const config = { baseURL: mock.url, apiKey: "test", model: "gpt-4o-mini", embeddingModel: "text-embedding-3-small" };
    const out = await evaluate([sample], METRIC_IDS, { judge: createJudge(config), embedder: createEmbedder(config), concurrency: 16 });

    const chat = mock.log.filter((r) => r.kind === "chat");
    const embeddings = mock.log.filter((r) => r.kind === "embedding");
    expect(chat).toHaveLength(6);
    expect(embeddings).toHaveLength(1);
    expect(embeddings[0]!.inputCount).toBe(4); // the asked question + 3 generated ones (exactly 3: the schema says so), in one request
    // Two round trips: the second wave starts only after the first ends, and nothing waits on the second.
    const firstEnd = Math.min(...mock.log.map((r) => r.endedAt));
    const second = mock.log.filter((r) => r.startedAt >= firstEnd);
    expect(second.map((r) => r.schemaName ?? r.kind).sort()).toEqual(["embedding", "faithfulness_verdicts"]);
    expect(Object.values(out.results[0]!.metrics).every((m) => m!.score !== null)).toBe(true);

    const tokens = chat.reduce((sum, r) => sum + r.promptTokens + r.schemaTokens, 0);
    if (sample.id === "oppenheimer") expect(tokens).toBeLessThanOrEqual(2600);
  });
});
