import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { targetSchema } from "../../src/engine/target/target-schema";
import { openTargetReplies, replyKey } from "../../src/cli/target-replies-file";

const dir = mkdtempSync(join(tmpdir(), "ragas-target-replies-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const target = targetSchema.parse({ url: "http://x/rag", body: { q: "{{question}}" }, answer: "$.a" });
const answered = (answer: string) => ({ answer, contexts: ["c"], status: 200, ms: 12, attempts: 1 });
const failed = { error: { code: "target_error" as const, message: "HTTP 500" }, status: 500, ms: 40, attempts: 4 };

describe("the target replies file (journal and reply cache)", () => {
  it("keys by target and question: another question, body or path is another key", () => {
    const key = replyKey(target, { question: "q" });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(replyKey(target, { question: "q" })).toBe(key);
    expect(replyKey(target, { question: "q2" })).not.toBe(key);
    expect(replyKey({ ...target, answer: "$.b" }, { question: "q" })).not.toBe(key);
    expect(replyKey({ ...target, body: { q: "{{question}}", k: 1 } }, { question: "q" })).not.toBe(key);
  });

  it("reads back what was put, drops a damaged line with a warning and cuts a torn last line; secrets never reach the file", async () => {
    const path = join(dir, "a.replies");
    const first = openTargetReplies(path, { fresh: true, secrets: ["SECRET-abc-123"], keepFailures: true });
    await first.put("a".repeat(64), answered("the key SECRET-abc-123 leaked"));
    await first.put("b".repeat(64), failed);
    first.close();
    expect(readFileSync(path, "utf8")).not.toContain("SECRET-abc-123");
    appendFileSync(path, `not json\n{"key":"${"c".repeat(64)}","outcome":{"answ`);
    const again = openTargetReplies(path, { fresh: false, secrets: [], keepFailures: true });
    expect(again.found).toBe(2);
    expect(again.get("a".repeat(64))).toEqual(answered("the key [redacted] leaked"));
    expect(again.get("b".repeat(64))).toEqual(failed);
    expect(again.warnings).toEqual([`${path}:3: not a stored reply: dropped, its question is asked again`]);
    await again.put("d".repeat(64), answered("d"));
    again.close();
    const lines = readFileSync(path, "utf8").trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[3]!).key).toBe("d".repeat(64));
    // A cache shared across runs keeps answers only: a failed question is asked again next time.
    const shared = openTargetReplies(path, { fresh: false, secrets: [], keepFailures: false });
    expect([shared.found, shared.get("b".repeat(64))]).toEqual([2, undefined]);
    shared.remove();
  });
});
