import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReport } from "../../src/storage/format/report-parse";
import { expectedAnswer, expectedToolCalls, type RagServer, startRagServer } from "../target/rag-server";
import { cliEntry } from "./cli-entry";
import { ROOT, runCliInProcess } from "./spawn-cli";

/**
 * Contract 13's conversations and retrieved ids, end to end against the stand-in RAG server: a
 * sample with turns is asked turn by turn (each user turn with the history the system produced, its
 * tool calls kept), a failing turn is a coded target_error naming the turn, a kill -9 mid-conversation
 * and --resume re-send no answered turn; the ids a target returns are the retrieved ids hit_rate and
 * mrr read, with no mapping in between.
 */

let server: RagServer;
let dir: string;

function writeTarget(name: string, more: Record<string, unknown> = {}): string {
  const path = join(dir, name);
  const target = {
    url: `${server.url}/rag`,
    body: { messages: "{{messages}}" },
    answer: "$.data.answer",
    contexts: "$.sources[*].text",
    contextIds: "$.sources[*].id",
    toolCalls: "$.tool_calls",
    timeoutMs: 30_000,
    retries: 0,
    ...more,
  };
  writeFileSync(path, JSON.stringify(target));
  return path;
}

function writeLines(name: string, rows: readonly Record<string, unknown>[]): string {
  const path = join(dir, name);
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join("\n"));
  return path;
}

const readLines = (path: string) =>
  readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));

const user = (content: string) => ({ role: "user", content });
const bodiesOf = (from: number) => server.log.slice(from).map((r) => JSON.parse(r.body) as { messages: { role: string; content: string }[] });

beforeAll(async () => {
  server = await startRagServer({ slowMs: 60_000 });
  dir = mkdtempSync(join(tmpdir(), "ragas-target-conv-"));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("answer: conversations turn by turn", () => {
  it("each user turn goes with the history so far; replies and tool calls fill the assistant turns; a failing turn is named", async () => {
    const [q1, q2] = ["Which bridge [tool] is it?", "它有多长？"];
    const input = writeLines("conversations.jsonl", [
      { id: "c1", question: q1, messages: [user(q1), { role: "assistant", content: "(an old reply, replaced)" }, user(q2)], reference: "long" },
      { id: "c2", question: "Start here", messages: [user("Start here"), user("Then [500] it breaks"), user("Never asked")] },
      { id: "single", question: "Who built it?" },
    ]);
    const out = join(dir, "conversations-answered.jsonl");
    const before = server.log.length;
    const run = await runCliInProcess(["answer", "--input", input, "--target", writeTarget("target-conv.json"), "--out", out, "--concurrency", "1"]);
    expect(run.code, run.stderr).toBe(0);
    const [c1, c2, single] = readLines(out);

    const [a1, a2] = [expectedAnswer(q1), expectedAnswer(q2)];
    expect(c1.messages).toEqual([
      user(q1),
      { role: "assistant", content: a1.answer, toolCalls: expectedToolCalls(q1) },
      user(q2),
      { role: "assistant", content: a2.answer },
    ]);
    // The conversation's answer is its last reply; its contexts and ids every turn's, each once.
    expect(c1).toMatchObject({
      answer: a2.answer,
      contexts: [...a1.contexts, ...a2.contexts],
      contextIds: [...a1.contextIds, ...a2.contextIds],
      reference: "long",
    });
    expect(c1.target.status).toBe(200);
    expect(expectedToolCalls(q1)).toEqual([{ name: "lookup", args: { topic: "Which bridge  is it?", top_k: 2 } }]);

    expect(c2.answer).toBeUndefined();
    expect(c2.target.error).toEqual({ code: "target_error", message: expect.stringMatching(/^turn 2 of 3: HTTP 500 Internal Server Error/) });
    expect(c2.messages).toEqual([user("Start here"), user("Then [500] it breaks"), user("Never asked")]);
    expect(run.stderr).toMatch(/target_error: sample c2: turn 2 of 3: HTTP 500/);
    expect(single).toMatchObject({ answer: expectedAnswer("Who built it?").answer, target: { status: 200 } });

    // What was sent: c1's second turn carries the system's own first reply, not the sample's old one;
    // c2 stops at the failed turn; the single question goes as a one-turn conversation.
    expect(bodiesOf(before).map((b) => b.messages)).toEqual([
      [user(q1)],
      [user(q1), { role: "assistant", content: a1.answer }, user(q2)],
      [user("Start here")],
      [user("Start here"), { role: "assistant", content: expectedAnswer("Start here").answer }, user("Then [500] it breaks")],
      [user("Who built it?")],
    ]);
  });

  it("kill -9 mid-conversation, then --resume: no answered turn is sent again, the file is what one run writes", async () => {
    const turns = ["First, the river?", "Second, its source?", "Third [slow], its mouth?"];
    const input = writeLines("resume-conv.jsonl", [{ id: "r1", question: turns[0], messages: turns.map(user) }]);
    const out = join(dir, "resume-conv.jsonl.out");
    const argv = ["answer", "--input", input, "--target", writeTarget("target-resume-conv.json"), "--out", out];
    const before = server.log.length;
    const child = spawn(process.execPath, [...cliEntry(), ...argv], { cwd: ROOT, env: { PATH: process.env.PATH ?? "" }, stdio: "ignore" });
    const closed = new Promise((resolve) => child.on("close", (_code, signal) => resolve(signal)));
    // Two turns answered and journaled; the third is held by the server ([slow]) until the kill.
    const journaled = () => (existsSync(`${out}.replies`) ? readFileSync(`${out}.replies`, "utf8").split("\n").filter(Boolean).length : 0);
    await expect.poll(journaled, { timeout: 30_000, interval: 20 }).toBe(2);
    child.kill("SIGKILL");
    expect(await closed).toBe("SIGKILL");
    expect(server.log.slice(before).map((r) => r.question)).toEqual(turns.slice(0, 2));

    server.configure({ slowMs: 0 });
    const resumedFrom = server.log.length;
    const resumed = await runCliInProcess([...argv, "--resume"]);
    server.configure({ slowMs: 60_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(server.log.slice(resumedFrom).map((r) => r.question)).toEqual([turns[2]]);
    const [line] = readLines(out);
    expect(line.messages).toEqual(turns.flatMap((t) => [user(t), { role: "assistant", content: expectedAnswer(t).answer }]));
    expect(existsSync(`${out}.replies`)).toBe(false);
  });
});

describe("ask -> score: a conversation's tool calls", () => {
  it("score --target with tool_call_accuracy: the calls the replies made are the predicted calls", async () => {
    const withTool = "Find the bridge [tool] please";
    const calls = expectedToolCalls(withTool);
    const input = writeLines("tool-conversations.jsonl", [
      // The reply to the first turn makes exactly the call expected: 1.
      { id: "called", question: withTool, messages: [user(withTool), user("Thanks!")], reference_tool_calls: calls },
      // No reply makes a call, one was expected: 0 matched of max(1, 0).
      { id: "silent", question: "Find the bridge", messages: [user("Find the bridge")], reference_tool_calls: calls },
    ]);
    const out = join(dir, "tool-report.json");
    const run = await runCliInProcess([
      "score",
      "--input",
      input,
      "--target",
      writeTarget("target-tools.json"),
      "--metrics",
      "tool_call_accuracy",
      "--out",
      out,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const parsed = parseReport(readFileSync(out, "utf8"), out);
    if (!parsed.ok) throw parsed.error;
    expect(parsed.report.results.map((r) => [r.sampleId, r.metrics.tool_call_accuracy!.score])).toEqual([
      ["called", 1],
      ["silent", 0],
    ]);
    expect(parsed.report.samples[0]!.messages![1]).toEqual({ role: "assistant", content: expectedAnswer(withTool).answer, toolCalls: calls });
  });
});

describe("ask -> score: the target's ids are the retrieved ids", () => {
  it("hit_rate and mrr from the ids the target returned, with score --target and with answer then score", async () => {
    // The stand-in retrieves [doc-K, card-K % 97] for each question (expectedAnswer): the relevant
    // ids below sit at rank 2, rank 1 and nowhere, so mrr is 1/2, 1, 0 and hit_rate 1, 1, 0.
    const questions = ["Where is the lighthouse?", "Who keeps the lighthouse?", "When was it lit?"];
    const ids = questions.map((q) => expectedAnswer(q).contextIds);
    const input = writeLines("retrieval.jsonl", [
      { id: "second", question: questions[0], reference_context_ids: [ids[0]![1]] },
      { id: "first", question: questions[1], reference_context_ids: [ids[1]![0], "not-retrieved"] },
      { id: "none", question: questions[2], reference_context_ids: ["not-retrieved"] },
    ]);
    const target = writeTarget("target-ids.json", { body: { question: "{{question}}" }, toolCalls: undefined });
    const expected = { hit_rate: [1, 1, 0], mrr: [0.5, 1, 0] };
    const scoresOf = (path: string) => {
      const parsed = parseReport(readFileSync(path, "utf8"), path);
      if (!parsed.ok) throw parsed.error;
      const { results, samples } = parsed.report;
      expect(samples.map((s) => s.retrievedContextIds)).toEqual(ids);
      return { hit_rate: results.map((r) => r.metrics.hit_rate!.score), mrr: results.map((r) => r.metrics.mrr!.score) };
    };

    const direct = join(dir, "retrieval-report.json");
    const run = await runCliInProcess(["score", "--input", input, "--target", target, "--metrics", "hit_rate,mrr", "--out", direct]);
    expect(run.code, run.stderr).toBe(0);
    expect(scoresOf(direct)).toEqual(expected);

    const answered = join(dir, "retrieval-answered.jsonl");
    expect((await runCliInProcess(["answer", "--input", input, "--target", target, "--out", answered])).code).toBe(0);
    expect(readLines(answered).map((l) => l.contextIds)).toEqual(ids);
    const later = join(dir, "retrieval-later.json");
    const scored = await runCliInProcess(["score", "--input", answered, "--metrics", "hit_rate,mrr", "--out", later]);
    expect(scored.code, scored.stderr).toBe(0);
    expect(scoresOf(later)).toEqual(expected);
  });
});
