import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbedder, MemoryResponseCache } from "../../src/llm";
import { startMockServer, type MockServer } from "../mock/server";

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(() => mock.close());

describe("embedder cache", () => {
  it("serves the same texts from the cache with no request, and bypass goes to the server", async () => {
    const cache = new MemoryResponseCache();
    const config = { baseURL: mock.url, apiKey: "k", model: "m", embeddingModel: "e", cache };
    mock.resetLog();
    const first = await createEmbedder(config).embed({ texts: ["a question", "another"], promptId: "p" });
    expect(first.call.cached).toBe(false);
    expect(mock.log.filter((r) => r.kind === "embedding")).toHaveLength(1);

    const second = await createEmbedder(config).embed({ texts: ["a question", "another"], promptId: "p" });
    expect(second.call).toMatchObject({ cached: true, attempts: 0, promptTokens: first.call.promptTokens });
    expect(second.vectors).toEqual(first.vectors);
    expect(mock.log.filter((r) => r.kind === "embedding")).toHaveLength(1);

    await createEmbedder(config, { bypassCache: true }).embed({ texts: ["a question", "another"], promptId: "p" });
    expect(mock.log.filter((r) => r.kind === "embedding")).toHaveLength(2);
  });
});
