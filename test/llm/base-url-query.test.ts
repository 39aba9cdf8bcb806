import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate, recomputeScore } from "../../src/engine";
import { createEmbedder, createJudge, testConnection } from "../../src/llm";
import { splitBaseURL } from "../../src/llm/client";
import { startMockServer, type MockServer } from "../mock/server";
import { configFor, echoBrain, echoRequest, expectedEcho } from "./helpers";

/**
 * A base URL with a query (a gateway that takes its key as `?api-key=`, Azure's `?api-version=`):
 * the SDK appended each path after the query (`/v1?api-key=K/chat/completions`), so no request
 * reached the server's path. The query now goes with every request, after the path.
 */
const KEY = "gw-key-2468";
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ apiKey: KEY, responders: { test_echo: echoBrain } });
});
afterAll(() => mock.close());

describe("a base URL with a query", () => {
  it("is split into the URL the paths follow and the parameters every request carries", () => {
    expect(splitBaseURL("https://gw.example/v1?api-key=K&team=a")).toEqual({ baseURL: "https://gw.example/v1", query: { "api-key": "K", team: "a" } });
    expect(splitBaseURL("https://gw.example/v1/?x=1#frag")).toEqual({ baseURL: "https://gw.example/v1", query: { x: "1" } });
    expect(splitBaseURL("http://localhost:11434/v1")).toEqual({ baseURL: "http://localhost:11434/v1", query: {} });
  });

  it("reaches the server's paths with the key in the query: judge, embeddings, connection check", async () => {
    const config = configFor(mock, { baseURL: `${mock.url}?api-key=${KEY}`, apiKey: "" });
    mock.resetLog();
    const reply = await createJudge(config).complete(echoRequest());
    expect(reply.value).toEqual(expectedEcho);
    const embedded = await createEmbedder(config).embed({ texts: ["sky", "grass"], promptId: "answer_relevancy.embed" });
    expect(embedded.vectors).toHaveLength(2);
    expect((await testConnection(config)).ok).toBe(true);
    expect(mock.log.map((r) => [r.method, r.path, r.query, r.status])).toEqual([
      ["POST", "/v1/chat/completions", { "api-key": KEY }, 200],
      ["POST", "/v1/embeddings", { "api-key": KEY }, 200],
      ["POST", "/v1/chat/completions", { "api-key": KEY }, 200],
    ]);
    // No key typed: no Authorization header, the query is the key.
    expect(mock.log.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it("against schema-random replies and the fault mix, every score stands and every request keeps the query", async () => {
    mock.configure({ schemaRandom: { seed: 9 }, faults: { rate429: 0.3, rate500: 0.1, rateMalformed: 0.1, retryAfterSeconds: 0.01, seed: 9 } });
    try {
      mock.resetLog();
      const config = configFor(mock, { baseURL: `${mock.url}?api-key=${KEY}`, apiKey: "", maxRetries: 8, sleep: async () => {} });
      const samples = [
        { id: "en", question: "Where is the Eiffel Tower?", answer: "It is in Paris.", contexts: ["The Eiffel Tower is in Paris."], reference: "Paris." },
        { id: "zh", question: "长江有多长？", answer: "长江全长约6300公里。", contexts: ["长江全长约6300公里，是中国最长的河流。"], reference: "约6300公里。" },
      ];
      const metrics = ["faithfulness", "answer_relevancy", "context_recall"] as const;
      const out = await evaluate(samples, [...metrics], { judge: createJudge(config), embedder: createEmbedder(config), concurrency: 4 });
      for (const row of out.results)
        for (const id of metrics) {
          const result = row.metrics[id]!;
          expect(result.error?.code, `${row.sampleId} ${id}`).not.toBe("parse_error");
          if (result.score !== null) expect(result.score).toBe(recomputeScore(id, result.trace).score);
        }
      expect(mock.log.some((r) => r.fault !== undefined)).toBe(true);
      expect(mock.log.every((r) => r.query["api-key"] === KEY && r.path.startsWith("/v1/"))).toBe(true);
    } finally {
      mock.configure({ schemaRandom: undefined, faults: undefined });
    }
  });

  it("on Azure, the URL's api-version is the one sent, beside the other parameters", async () => {
    const base = `${mock.url.replace(/\/v1$/, "")}/openai?api-version=2024-10-21&team=a`;
    mock.resetLog();
    const judge = createJudge({ ...configFor(mock), baseURL: base, apiKey: KEY, provider: "azure" });
    expect((await judge.complete(echoRequest())).value).toEqual(expectedEcho);
    expect(mock.log.map((r) => [r.path, r.query])).toEqual([["/openai/deployments/mock-judge/chat/completions", { "api-version": "2024-10-21", team: "a" }]]);
  });
});
