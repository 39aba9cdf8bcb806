import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openFileResponseCache } from "../../src/cli/reply-cache-file";
import { createJudge } from "../../src/llm/judge";
import { startMockServer } from "../mock/server";
import { answered } from "../mock/request-log";
import { z } from "zod";
import { createHash } from "node:crypto";

const dir = mkdtempSync(join(tmpdir(), "ragas-reply-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key = (n: number) => n.toString(16).padStart(64, "0");
const reply = (content: string) => ({ content, promptTokens: 12, completionTokens: 4, mode: "json_schema" as const });
/** A line as written: the reply with the checksum of its key and reply. */
const line = (k: string, r: ReturnType<typeof reply>) => ({
  key: k,
  reply: r,
  sha256: createHash("sha256")
    .update(JSON.stringify([k, r.content, r.promptTokens, r.completionTokens, r.mode]))
    .digest("hex"),
});
const statementsRequest = {
  promptId: "faithfulness-statements",
  promptHash: "h",
  messages: [{ role: "user" as const, content: "Question: Where does the Nile end?\nAnswer: In the Mediterranean. It flows north." }],
  output: {
    name: "statements",
    schema: z.object({ statements: z.array(z.string()) }),
    jsonSchema: {
      type: "object",
      properties: { statements: { type: "array", items: { type: "string", minLength: 1 } } },
      required: ["statements"],
      additionalProperties: false,
    },
  },
};

describe("the response cache on disk", () => {
  it("writes each reply as one line the moment it is stored, and reads every line back through zod", async () => {
    const path = join(dir, "nested", "replies.jsonl");
    const cache = openFileResponseCache(path);
    await cache.set(key(1), reply('{"a":1}'));
    // Written synchronously: a kill -9 right after set() loses nothing.
    expect(readFileSync(path, "utf8")).toBe(`${JSON.stringify(line(key(1), reply('{"a":1}')))}\n`);
    await cache.set(key(2), reply('{"a":2}'));
    cache.close();
    // A hand-made bad line, a line of the wrong shape, and a torn last write.
    appendFileSync(path, `not json\n${JSON.stringify({ key: key(3), reply: { content: 1 } })}\n{"key":"${key(4)}","rep`);

    const again = openFileResponseCache(path);
    expect(again.found).toBe(2);
    expect(again.warnings).toEqual([
      `${path}:3: not JSON: dropped, its request is sent again`,
      `${path}:4: reply.content: Invalid input: expected string, received number: dropped, its request is sent again`,
    ]);
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

  it("drops a reply changed on disk whose JSON still parses (a flipped bit), naming file and line, and the judge asks again", async () => {
    const mock = await startMockServer({ responders: { statements: () => ({ statements: ["The Nile ends in the Mediterranean."] }) } });
    try {
      const path = join(dir, "flipped.jsonl");
      const ask = async () => {
        const cache = openFileResponseCache(path);
        const judge = createJudge({ baseURL: mock.url, model: "mock-judge", cache });
        const answer = await judge.complete(statementsRequest);
        cache.close();
        return { answer, warnings: cache.warnings };
      };
      const first = await ask();
      const written = readFileSync(path, "utf8");
      // "Nile" -> "Nilf": one bit, and the line is still a well-formed reply.
      expect(written).toContain("Nile");
      writeFileSync(path, written.replace("Nile", "Nilf"));
      const second = await ask();
      expect(second.warnings).toEqual([`${path}:1: the reply does not match its checksum (changed after it was written): dropped, its request is sent again`]);
      expect(answered(mock.log), "the request is sent again").toHaveLength(2);
      expect(second.answer.calls.map((c) => c.cached)).toEqual([false]);
      expect(second.answer.value).toEqual(first.answer.value);
      // The bad line is gone from the file: the next run reads only good lines, and says nothing.
      const third = await ask();
      expect([third.warnings, answered(mock.log).length]).toEqual([[], 2]);
    } finally {
      await mock.close();
    }
  });

  it("does not trust lines written before replies carried a checksum: one warning counts them, their requests are sent again", async () => {
    const path = join(dir, "old.jsonl");
    writeFileSync(
      path,
      [
        JSON.stringify({ key: key(1), reply: reply("{}") }),
        JSON.stringify({ key: key(2), reply: reply("{}") }),
        JSON.stringify(line(key(3), reply("{}"))),
        "",
      ].join("\n"),
    );
    const cache = openFileResponseCache(path);
    expect(cache.warnings).toEqual([`${path}: 2 lines written before replies carried a checksum are not trusted: dropped, their requests are sent again`]);
    expect([cache.found, await cache.get(key(1)), await cache.get(key(3))]).toEqual([1, undefined, reply("{}")]);
    cache.close();
    expect(readFileSync(path, "utf8")).toBe(`${JSON.stringify(line(key(3), reply("{}")))}\n`);
  });

  it("writes no secret: each is replaced in the reply before it reaches the disk, and the checksum covers what was written", async () => {
    const path = join(dir, "secret.jsonl");
    const cache = openFileResponseCache(path, { secrets: ["KEY-abc-123", 'quote"d-key'] });
    const echoed = reply('{"reason":"as KEY-abc-123 and quote\\"d-key said"}');
    await cache.set(key(1), echoed);
    expect(await cache.get(key(1)), "this process keeps the reply as received").toEqual(echoed);
    cache.close();
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain("KEY-abc-123");
    expect(text).not.toContain("d-key");
    const again = openFileResponseCache(path);
    expect([again.warnings, (await again.get(key(1)))?.content]).toEqual([[], '{"reason":"as [redacted] and [redacted] said"}']);
    again.close();
  });
});
