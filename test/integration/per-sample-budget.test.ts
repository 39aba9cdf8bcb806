import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate, METRIC_IDS, type Sample } from "../../src/engine";
import { createEmbedder, createJudge } from "../../src/llm";
import { startMockServer, type MockServer } from "../mock/server";

/**
 * Issue 2's per-sample budget, through the real SDK over HTTP: all five metrics in at most 6 chat
 * calls and 1 embeddings request, two round trips deep, and at most 4,200 prompt + schema tokens
 * on the Oppenheimer sample (0.6x what autoevals sends for the same five metrics).
 */
const samples: Sample[] = JSON.parse(readFileSync("bench/samples.json", "utf8")).samples;
const LATENCY = 150;

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ latencyMs: LATENCY });
});
afterAll(() => mock.close());

describe.each(samples.map((s) => [s.id, s] as const))("per-sample budget: %s", (_id, sample) => {
  it("takes 6 chat calls, 1 embeddings request and 2 round trips", async () => {
    mock.resetLog();
    const config = { baseURL: mock.url, apiKey: "test", model: "gpt-4o-mini", embeddingModel: "text-embedding-3-small" };
    const started = performance.now();
    const out = await evaluate([sample], METRIC_IDS, { judge: createJudge(config), embedder: createEmbedder(config), concurrency: 16 });
    const wall = performance.now() - started;

    const chat = mock.log.filter((r) => r.kind === "chat");
    const embeddings = mock.log.filter((r) => r.kind === "embedding");
    expect(chat).toHaveLength(6);
    expect(embeddings).toHaveLength(1);
    expect(embeddings[0]!.inputCount).toBe(4); // the asked question + 3 generated ones, in one request
    // Two round trips: the second wave starts only after the first ends, and nothing waits on the second.
    const firstEnd = Math.min(...mock.log.map((r) => r.endedAt));
    const second = mock.log.filter((r) => r.startedAt >= firstEnd);
    expect(second.map((r) => r.schemaName ?? r.kind).sort()).toEqual(["embedding", "faithfulness_verdicts"]);
    expect(wall).toBeLessThan(4 * LATENCY + 300); // generous: the wave check above is the exact one
    expect(Object.values(out.results[0]!.metrics).every((m) => m!.score !== null)).toBe(true);

    const tokens = chat.reduce((sum, r) => sum + r.promptTokens + r.schemaTokens, 0);
    if (sample.id === "oppenheimer") expect(tokens).toBeLessThanOrEqual(4200);
  });
});
