import { describe, expect, it } from "vitest";
import type { MetricError } from "../../src/engine/result";
import { createEmbedder } from "../../src/llm";
import { startMockServer } from "../mock/server";
import { API_KEY, configFor, rejectionOf, useMockServer } from "./helpers";

const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

describe("embedder", () => {
  const mock = useMockServer();

  it("embeds every text of a request in one call", async () => {
    const texts = ["What is the capital of France?", "Which city is the capital of France?", "How do I bake sourdough bread at home?", "法国的首都是哪里？"];
    const reply = await createEmbedder(configFor(mock.server)).embed({ texts, promptId: "answer_relevancy.embed" });
    expect(mock.server.log).toHaveLength(1);
    const entry = mock.server.log[0]!;
    expect(entry).toMatchObject({ kind: "embedding", inputCount: 4, model: "mock-embedding", status: 200 });
    expect((entry.body as Record<string, unknown>).encoding_format).toBe("float");

    expect(reply.vectors).toHaveLength(4);
    for (const vector of reply.vectors) {
      expect(vector).toHaveLength(256);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 6);
    }
    const [france, franceAgain, bread] = reply.vectors;
    expect(cosine(france!, franceAgain!)).toBeGreaterThan(0.6);
    expect(Math.abs(cosine(france!, bread!))).toBeLessThan(0.3);

    expect(reply.call).toMatchObject({
      kind: "embedding",
      promptId: "answer_relevancy.embed",
      model: "mock-embedding",
      attempts: 1,
      cached: false,
      completionTokens: 0,
    });
    expect(reply.call.promptTokens).toBe(entry.promptTokens);
    expect(reply.call.promptTokens).toBeGreaterThan(10);
    expect(reply.call.promptHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("uses the separate embedding base URL and key", async () => {
    const other = await startMockServer({ apiKey: "emb-key-12345" });
    try {
      const embedder = createEmbedder(configFor(mock.server, { embeddingBaseURL: other.url, embeddingApiKey: "emb-key-12345" }));
      await embedder.embed({ texts: ["a"], promptId: "p" });
      expect(mock.server.log).toHaveLength(0);
      expect(other.log).toHaveLength(1);
      expect(other.log[0]!.headers.authorization).toBe("Bearer emb-key-12345");
    } finally {
      await other.close();
    }
  });

  it("retries a 500 and counts the attempts", async () => {
    const waits: number[] = [];
    // Every request fails until the backoff wait, which heals the server.
    mock.server.configure({ faults: { rate500: 1 } });
    const sleep = async (ms: number) => {
      waits.push(ms);
      mock.server.configure({ faults: {} });
    };
    const embedder = createEmbedder(configFor(mock.server, { sleep }));
    const reply = await embedder.embed({ texts: ["a", "b"], promptId: "p" });
    expect(reply.call.attempts).toBe(2);
    expect(mock.server.log.map((e) => e.status)).toEqual([500, 200]);
    expect(waits).toHaveLength(1);
  });

  it("fails as llm_error with a human message, never the key", async () => {
    const secured = await startMockServer({ apiKey: "right-key" });
    try {
      const error = (await rejectionOf(createEmbedder(configFor(secured)).embed({ texts: ["a"], promptId: "p" }))) as MetricError;
      expect(error.code).toBe("llm_error");
      expect(error.message).toContain("rejected the API key");
      expect(JSON.stringify(error) + error.message).not.toContain(API_KEY);
      expect(error.calls).toHaveLength(1);
    } finally {
      await secured.close();
    }
  });

  it("makes no request for zero texts, and asks for a model when none is set", async () => {
    const reply = await createEmbedder(configFor(mock.server)).embed({ texts: [], promptId: "p" });
    expect(reply.vectors).toEqual([]);
    expect(mock.server.log).toHaveLength(0);
    const error = (await rejectionOf(
      createEmbedder(configFor(mock.server, { embeddingModel: undefined })).embed({ texts: ["a"], promptId: "p" }),
    )) as MetricError;
    expect(error.code).toBe("llm_error");
    expect(error.message).toContain("No embedding model");
  });

  it("cancels", async () => {
    mock.server.configure({ latencyMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = (await rejectionOf(createEmbedder(configFor(mock.server)).embed({ texts: ["a"], promptId: "p", signal: controller.signal }))) as MetricError;
    expect(error.code).toBe("cancelled");
  });
});
