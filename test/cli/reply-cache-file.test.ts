import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openFileResponseCache } from "../../src/cli/reply-cache-file";
import { createJudge } from "../../src/llm/judge";
import { startMockServer } from "../mock/server";
import { answered } from "../mock/request-log";
import { z } from "zod";

const dir = mkdtempSync(join(tmpdir(), "ragas-reply-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key = (n: number) => n.toString(16).padStart(64, "0");
const reply = (content: string) => ({ content, promptTokens: 12, completionTokens: 4, mode: "json_schema" as const });

describe("the response cache on disk", () => {
  it("writes each reply as one line the moment it is stored, and reads every line back through zod", async () => {
    const path = join(dir, "nested", "replies.jsonl");
    const cache = openFileResponseCache(path);
    await cache.set(key(1), reply('{"a":1}'));
    // Written synchronously: a kill -9 right after set() loses nothing.
    expect(readFileSync(path, "utf8")).toBe(`${JSON.stringify({ key: key(1), reply: reply('{"a":1}') })}\n`);
    await cache.set(key(2), reply('{"a":2}'));
    cache.close();
    // A hand-made bad line, a line of the wrong shape, and a torn last write.
    appendFileSync(path, `not json\n${JSON.stringify({ key: key(3), reply: { content: 1 } })}\n{"key":"${key(4)}","rep`);

    const again = openFileResponseCache(path);
    expect([again.found, again.skipped]).toEqual([2, 2]);
    expect(await again.get(key(2))).toEqual(reply('{"a":2}'));
    expect(await again.get(key(3))).toBeUndefined();
    await again.set(key(5), reply("{}"));
    again.close();
    const lines = readFileSync(path, "utf8").split("\n");
    expect(lines.at(-1)).toBe("");
    expect(JSON.parse(lines.at(-2)!).key).toBe(key(5));
  });

  it("starts empty when fresh, and is gone after remove()", async () => {
    const path = join(dir, "fresh.jsonl");
    const first = openFileResponseCache(path);
    await first.set(key(1), reply("{}"));
    first.close();
    const fresh = openFileResponseCache(path, { fresh: true });
    expect([fresh.found, await fresh.get(key(1))]).toEqual([0, undefined]);
    fresh.remove();
    expect(existsSync(path)).toBe(false);
  });

  it("serves the judge across processes as the browser's cache does: the second ask costs no request", async () => {
    const mock = await startMockServer({});
    try {
      const path = join(dir, "judge.jsonl");
      const ask = async () => {
        const cache = openFileResponseCache(path);
        const judge = createJudge({ baseURL: mock.url, model: "mock-judge", cache });
        const schema = z.object({ statements: z.array(z.string()) });
        const reply = await judge.complete({
          promptId: "faithfulness-statements",
          promptHash: "h",
          messages: [{ role: "user", content: "Question: Where does the Nile end?\nAnswer: In the Mediterranean. It flows north." }],
          output: {
            name: "statements",
            schema,
            jsonSchema: {
              type: "object",
              properties: { statements: { type: "array", items: { type: "string", minLength: 1 } } },
              required: ["statements"],
              additionalProperties: false,
            },
          },
        });
        cache.close();
        return reply;
      };
      const first = await ask();
      const second = await ask();
      expect(answered(mock.log)).toHaveLength(1);
      expect(second.value).toEqual(first.value);
      expect(second.calls.map((c) => c.cached)).toEqual([true]);
    } finally {
      await mock.close();
    }
  });
});
