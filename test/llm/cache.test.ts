import { describe, expect, it } from "vitest";
import type { MetricError } from "../../src/engine/result";
import { chatCacheKey, createJudge, MemoryResponseCache, type CachedReply, type ResponseCache } from "../../src/llm";
import { baseMessages, configFor, echoRequest, expectedEcho, rejectionOf, useMockServer } from "./helpers";

describe("response cache", () => {
  const mock = useMockServer();

  it("answers a repeated request from the cache with zero HTTP requests", async () => {
    const cache = new MemoryResponseCache();
    const judge = createJudge(configFor(mock.server, { cache }));
    const first = await judge.complete(echoRequest());
    expect(mock.server.log).toHaveLength(1);
    expect(cache.size).toBe(1);

    const second = await judge.complete(echoRequest());
    expect(mock.server.log).toHaveLength(1);
    expect(second.value).toEqual(expectedEcho);
    expect(second.calls).toHaveLength(1);
    expect(second.calls[0]).toMatchObject({
      kind: "chat",
      cached: true,
      attempts: 0,
      mode: "json_schema",
      promptTokens: first.calls[0]!.promptTokens,
      completionTokens: first.calls[0]!.completionTokens,
      reply: first.calls[0]!.reply,
    });

    // A second judge on the same cache (e.g. after a reload) hits too.
    await createJudge(configFor(mock.server, { cache })).complete(echoRequest());
    expect(mock.server.log).toHaveLength(1);
  });

  it("bypassCache skips reads but still stores", async () => {
    const cache = new MemoryResponseCache();
    const judge = createJudge(configFor(mock.server, { cache }), { bypassCache: true });
    await judge.complete(echoRequest());
    await judge.complete(echoRequest());
    expect(mock.server.log).toHaveLength(2);
    expect(cache.size).toBe(1);
    judge.bypassCache = false;
    await judge.complete(echoRequest());
    expect(mock.server.log).toHaveLength(2);
  });

  it("a scoped request reads back only its own scope's replies, even when bypassing (a repeat of a resumed run)", async () => {
    const cache = new MemoryResponseCache();
    const judge = createJudge(configFor(mock.server, { cache }), { bypassCache: true });
    await judge.complete({ ...echoRequest(), cacheScope: "run r1 repeat 1" });
    await judge.complete({ ...echoRequest(), cacheScope: "run r1 repeat 2" });
    expect(mock.server.log, "another repeat asks the judge itself").toHaveLength(2);
    const again = await judge.complete({ ...echoRequest(), cacheScope: "run r1 repeat 1" });
    expect(again.calls[0]!.cached).toBe(true);
    await judge.complete(echoRequest());
    expect(mock.server.log, "an unscoped request bypassing the cache asks again").toHaveLength(3);
    await createJudge(configFor(mock.server, { cache })).complete({ ...echoRequest(), cacheScope: "run r2 repeat 1" });
    expect(mock.server.log, "another run's repeat reads nothing of r1's").toHaveLength(4);
  });

  it("caches only validated replies (a repaired one under the original request)", async () => {
    const cache = new MemoryResponseCache();
    const wrong = '{"items": "nope"}';
    mock.server.enqueue({ content: wrong }, { content: wrong });
    const failure = (await rejectionOf(createJudge(configFor(mock.server, { cache })).complete(echoRequest()))) as MetricError;
    expect(failure.code).toBe("parse_error");
    expect(cache.size).toBe(0);

    mock.server.enqueue({ content: wrong }, { content: '{"items": []}' });
    const judge = createJudge(configFor(mock.server, { cache }));
    expect((await judge.complete(echoRequest())).value).toEqual({ items: [] });
    const again = await judge.complete(echoRequest());
    expect(again.value).toEqual({ items: [] });
    expect(again.calls[0]!.cached).toBe(true);
    expect(mock.server.log).toHaveLength(4);
  });

  it("ignores an entry that no longer validates", async () => {
    const store = new Map<string, CachedReply>();
    const cache: ResponseCache = { get: async (k) => store.get(k), set: async (k, v) => void store.set(k, v) };
    const judge = createJudge(configFor(mock.server, { cache }));
    await judge.complete(echoRequest());
    for (const [key, value] of store) store.set(key, { ...value, content: "garbage" });
    const reply = await judge.complete(echoRequest());
    expect(reply.calls[0]!.cached).toBe(false);
    expect(mock.server.log).toHaveLength(2);
  });

  it("keys on everything that changes the reply, in any key order", () => {
    const parts = { baseURL: "http://x/v1", model: "m", messages: baseMessages, schema: { a: 1, b: 2 }, temperature: 0, mode: "json_schema" as const };
    const key = chatCacheKey(parts);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(chatCacheKey({ ...parts, schema: { b: 2, a: 1 } })).toBe(key);
    expect(chatCacheKey({ ...parts, temperature: 0.5 })).not.toBe(key);
    expect(chatCacheKey({ ...parts, mode: "text" })).not.toBe(key);
    expect(chatCacheKey({ ...parts, model: "m2" })).not.toBe(key);
  });

  it("evicts the oldest entries beyond its bound", async () => {
    const cache = new MemoryResponseCache(2);
    const entry: CachedReply = { content: "{}", promptTokens: 1, completionTokens: 1, mode: "text" };
    await cache.set("a", entry);
    await cache.set("b", entry);
    await cache.set("c", entry);
    expect(await cache.get("a")).toBeUndefined();
    expect(await cache.get("c")).toEqual(entry);
  });
});
