import { describe, expect, it } from "vitest";
import type { CachedReply } from "../../../src/llm/cache";
import { IdbResponseCache, clearResponseCache, responseCacheSize, type StorageIssue } from "../../../src/storage/db";
import { freshDb, simulateQuotaExceeded } from "./helpers";

const reply = (content: string): CachedReply => ({ content, promptTokens: 10, completionTokens: 2, mode: "json_schema" });

describe("IdbResponseCache", () => {
  it("round-trips a reply, also through a new instance (a reload)", async () => {
    const db = await freshDb();
    await new IdbResponseCache(db).set("k1", reply('{"a":1}'));
    expect(await new IdbResponseCache(db).get("k1")).toEqual(reply('{"a":1}'));
    expect(await new IdbResponseCache(db).get("other")).toBeUndefined();
  });

  it("evicts the least recently used entry beyond the maximum", async () => {
    const db = await freshDb();
    const cache = new IdbResponseCache(db, { maxEntries: 3 });
    for (const k of ["a", "b", "c"]) await cache.set(k, reply(k));
    await cache.get("a"); // a is now the most recently used; b the least
    await cache.set("d", reply("d"));
    expect(await responseCacheSize(db)).toBe(3);
    expect(await cache.get("b")).toBeUndefined();
    for (const k of ["a", "c", "d"]) expect((await cache.get(k))?.content).toBe(k);
  });

  it("deletes and reports a corrupt row instead of returning it", async () => {
    const db = await freshDb();
    const issues: StorageIssue[] = [];
    await db.put("responseCache", { v: 1, key: "k", reply: { content: 5 }, createdAt: 0, lastUsed: 0 });
    expect(await new IdbResponseCache(db, { onIssue: (i) => issues.push(i) }).get("k")).toBeUndefined();
    expect(issues).toHaveLength(1);
    expect(await responseCacheSize(db)).toBe(0);
  });

  it("a full disk skips caching with an issue instead of failing the call", async () => {
    const db = await freshDb();
    const issues: StorageIssue[] = [];
    const restore = simulateQuotaExceeded();
    try {
      await new IdbResponseCache(db, { onIssue: (i) => issues.push(i) }).set("k", reply("x"));
    } finally {
      restore();
    }
    expect(issues[0]?.message).toMatch(/storage is full/);
    expect(await responseCacheSize(db)).toBe(0);
  });

  it("clears", async () => {
    const db = await freshDb();
    await new IdbResponseCache(db).set("k", reply("x"));
    await clearResponseCache(db);
    expect(await responseCacheSize(db)).toBe(0);
  });
});
