import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { percentile } from "../../src/engine/target/latency";
import { parseReport } from "../../src/storage/format/report-parse";
import type { Report } from "../../src/storage/format/report-schema";
import { expectedAnswer, type RagServer, startRagServer } from "../target/rag-server";
import { cliEntry } from "./cli-entry";
import { ROOT, runCliInProcess } from "./spawn-cli";

/**
 * Contract 13 end to end: `answer` and `score --target` against the stand-in RAG server over real
 * HTTP (latency, 429s, 500s, a reply past the timeout, a reply without the answer path, one that is
 * not JSON). Every sample is answered exactly as the server answered it, or carries a coded
 * target_error naming the status or the path; the header secret and the URL's key appear in no file
 * or output; a kill -9 mid-run and --resume ask the server nothing it already answered.
 */

const TOKEN = "rag-secret-TOKEN-5d0c7e21";
const URL_KEY = "urlkey-SECRET-8a1b";
let server: RagServer;
let dir: string;

const FAULTY = [
  "When [429x1] did it open?",
  "Why [500x1] was it closed?",
  "What [500] broke?",
  "Where [nopath] is it?",
  "How [html] tall?",
  "How [slow] long?",
  "Who [echo] asked?",
];
const PLAIN = ["Who built the bridge?", "Which river runs under it?", "How many arches 有几个拱?", 'Is "the old bridge" \\ still open?'];

function writeTarget(name: string, more: Record<string, unknown> = {}): string {
  const path = join(dir, name);
  const target = {
    url: `${server.url}/rag?api_key=${URL_KEY}`,
    method: "POST",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a target file's ${NAME} header value, read from the environment
    headers: { Authorization: "Bearer ${RAG_TOKEN}" },
    body: { question: "{{question}}", top_k: 2 },
    answer: "$.data.answer",
    contexts: "$.sources[*].text",
    contextIds: "$.sources[*].id",
    timeoutMs: 2_000,
    retries: 1,
    ...more,
  };
  writeFileSync(path, JSON.stringify(target, null, 2));
  return path;
}

function writeQuestions(name: string, questions: readonly string[], withReference = false): string {
  const path = join(dir, name);
  const rows = questions.map((question, i) => ({
    id: `q${String(i + 1).padStart(2, "0")}`,
    question,
    ...(withReference ? { reference: expectedAnswer(question).answer } : {}),
  }));
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join("\n"));
  return path;
}

/** Every file the CLI wrote under the folder (the target files are the user's own) and every output, searched for each secret. */
function expectNoSecret(outputs: string[]): void {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.name.startsWith("target"));
  expect(files.length).toBeGreaterThanOrEqual(2);
  for (const text of [...outputs, ...files.map((f) => readFileSync(join(f.parentPath, f.name), "utf8"))]) {
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(URL_KEY);
  }
}

const answeredOk = (question: string) => server.log.filter((r) => r.question === question && r.status === 200).length;

beforeAll(async () => {
  server = await startRagServer({ token: TOKEN, latencyMs: 20, slowMs: 60_000 });
  dir = mkdtempSync(join(tmpdir(), "ragas-target-"));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("answer and score --target against a stand-in RAG server", () => {
  it("answer: every sample as the server answered it, or a coded target_error naming the status or the path; no secret anywhere", async () => {
    const questions = [...PLAIN, ...FAULTY];
    const input = writeQuestions("questions.jsonl", questions);
    const out = join(dir, "answered.jsonl");
    const run = await runCliInProcess(["answer", "--input", input, "--target", writeTarget("target.json"), "--out", out, "--concurrency", "4"], {
      env: { RAG_TOKEN: TOKEN },
    });
    expect(run.code, run.stderr).toBe(0);
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.question)).toEqual(questions);
    for (const line of lines.slice(0, PLAIN.length + 2)) {
      const expected = expectedAnswer(line.question);
      expect(line).toMatchObject({ answer: expected.answer, contexts: expected.contexts, contextIds: expected.contextIds, target: { status: 200 } });
      expect(line.target.ms).toBeGreaterThan(0);
      expect(line.target.error).toBeUndefined();
    }
    const errors = lines.slice(PLAIN.length + 2).map((l) => l.target);
    expect(errors.map((e) => e.error.code)).toEqual(["target_error", "target_error", "target_error", "target_error", "target_error"]);
    expect(errors[0].error.message).toMatch(/^HTTP 500 Internal Server Error: .* \(after 2 attempts\)$/);
    expect(errors[1].error.message).toBe("HTTP 200, but answer path $.data.answer matched nothing in the reply");
    expect(errors[2].error.message).toMatch(/^HTTP 200, but the reply is not JSON/);
    expect(errors[3].error.message).toBe("no reply within 2000 ms (the target's timeout) (after 2 attempts)");
    // The server echoed the token back in its error: the message keeps the status and loses the token.
    expect(errors[4].error.message).toBe('HTTP 400 Bad Request: {"detail":"rejected","authorization":"Bearer [redacted]"}');
    expect(errors.map((e) => e.status)).toEqual([500, 200, 200, undefined, 400]);
    for (const line of lines.slice(PLAIN.length + 2)) expect(line.answer).toBeUndefined();
    // Each question answered once: the 429 and the first 500 were retried, nothing was asked twice once answered.
    for (const q of [...PLAIN, FAULTY[0]!, FAULTY[1]!]) expect(answeredOk(q), q).toBe(1);
    expect(server.log.find((r) => r.question === PLAIN[0])!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(run.stderr).toContain("target: 6 answered, 5 target_error; latency p50 ");
    expect(run.stderr).toMatch(/target_error: sample q07: HTTP 500/);
    expect(existsSync(`${out}.replies`)).toBe(false);
    expectNoSecret([run.stdout, run.stderr]);
  });

  it("score --target: answers, then scores; failed samples are null target_error; the report keeps the target, per sample and in sum", async () => {
    const questions = [...PLAIN, FAULTY[2]!, FAULTY[3]!];
    const input = writeQuestions("score-questions.jsonl", questions, true);
    const out = join(dir, "report.json");
    const before = server.log.length;
    const run = await runCliInProcess(
      [
        "score",
        "--input",
        input,
        "--target",
        writeTarget("target-score.json"),
        "--metrics",
        "exact_match,string_similarity",
        "--out",
        out,
        "--concurrency",
        "3",
      ],
      { env: { RAG_TOKEN: TOKEN } },
    );
    expect(run.code, run.stderr).toBe(0);
    const parsed = parseReport(readFileSync(out, "utf8"), out);
    if (!parsed.ok) throw parsed.error;
    const report: Report = parsed.report;
    expect(report.samples.map((s) => s.answer)).toEqual([...PLAIN.map((q) => expectedAnswer(q).answer), "", ""]);
    expect(report.samples[0]!.contexts).toEqual(expectedAnswer(PLAIN[0]!).contexts);
    for (const row of report.results.slice(0, PLAIN.length)) {
      expect(row.metrics.exact_match!.score).toBe(1);
      expect(row.target).toMatchObject({ status: 200 });
    }
    for (const row of report.results.slice(PLAIN.length)) {
      expect(row.metrics.exact_match).toMatchObject({ score: null, error: { code: "target_error" } });
      expect(row.metrics.string_similarity!.error!.message).toMatch(/^the target gave no answer: (HTTP 500|HTTP 200, but answer path)/);
      expect(row.target!.error!.code).toBe("target_error");
    }
    expect(report.summary.exact_match).toMatchObject({ mean: 1, count: 4, nullCount: 2, nullCodes: { target_error: 2 } });
    const ms = report.results.slice(0, PLAIN.length).map((r) => r.target!.ms);
    expect(report.target).toEqual({
      url: `${server.url}/rag`,
      method: "POST",
      count: 6,
      errorCount: 2,
      p50Ms: percentile(ms, 0.5),
      p95Ms: percentile(ms, 0.95),
    });
    expect(report.target!.url).not.toContain("api_key");
    // The plain questions were asked once here (their own run), the [500] one twice (a retry).
    expect(server.log.slice(before).filter((r) => r.status === 200 && PLAIN.includes(r.question))).toHaveLength(PLAIN.length);
    expect(existsSync(`${out}.replies`)).toBe(false);
    expectNoSecret([run.stdout, run.stderr]);
  });
});

describe("a target that never answers", () => {
  it("score --target exits 1 naming why (no HTTP answer) once the report is written", async () => {
    const input = writeQuestions("down.jsonl", PLAIN.slice(0, 2));
    const out = join(dir, "down-report.json");
    // Port 9 (discard) has no listener here: every connection is refused.
    const target = writeTarget("target-down.json", { url: "http://127.0.0.1:9/rag", retries: 0 });
    const run = await runCliInProcess(["score", "--input", input, "--target", target, "--metrics", "exact_match", "--out", out], { env: { RAG_TOKEN: TOKEN } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /error: the target answered no sample; the first error: no HTTP answer from 127\.0\.0\.1:9 \(.+\): the server is down or unreachable/,
    );
    expect(existsSync(out)).toBe(true);
  });
});

describe("the reply cache across runs (--cache DIR)", () => {
  it("a second run of the same target and questions asks the server nothing; a changed target asks again", async () => {
    const input = writeQuestions("cached.jsonl", PLAIN.slice(0, 2));
    const cache = join(dir, "cache");
    const argv = (target: string, out: string) => ["answer", "--input", input, "--target", target, "--out", join(dir, out), "--cache", cache];
    const env = { env: { RAG_TOKEN: TOKEN } };
    const before = server.log.length;
    expect((await runCliInProcess(argv(writeTarget("target-cache.json"), "cached-1.jsonl"), env)).code).toBe(0);
    expect(server.log.length - before).toBe(2);
    const second = await runCliInProcess(argv(writeTarget("target-cache.json"), "cached-2.jsonl"), env);
    expect(second.code, second.stderr).toBe(0);
    expect(server.log.length - before).toBe(2);
    expect(readFileSync(join(dir, "cached-2.jsonl"), "utf8")).toBe(readFileSync(join(dir, "cached-1.jsonl"), "utf8"));
    expect(existsSync(join(cache, "target-replies.jsonl"))).toBe(true);
    await runCliInProcess(argv(writeTarget("target-cache-2.json", { body: { question: "{{question}}", top_k: 3 } }), "cached-3.jsonl"), env);
    expect(server.log.length - before).toBe(4);
    expectNoSecret([second.stdout, second.stderr]);
  });
});

describe("answer --resume after kill -9", () => {
  it("asks the server nothing it already answered, and writes what an uninterrupted run would", async () => {
    const questions = Array.from({ length: 20 }, (_, i) => `Resume question ${i + 1}: what is on shelf ${i * 7}?`);
    const input = writeQuestions("resume.jsonl", questions);
    const out = join(dir, "resume-answered.jsonl");
    const target = writeTarget("target-resume.json");
    const argv = ["answer", "--input", input, "--target", target, "--out", out, "--concurrency", "2"];
    const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", RAG_TOKEN: TOKEN };
    server.configure({ latencyMs: 60 });
    const before = server.log.length;
    const child = spawn(process.execPath, [...cliEntry(), ...argv], { cwd: ROOT, env, stdio: "ignore" });
    const closed = new Promise((resolve) => child.on("close", (_code, signal) => resolve(signal)));
    const answeredNow = () => server.log.slice(before).filter((r) => r.status === 200).length;
    await expect.poll(answeredNow, { timeout: 30_000, interval: 10 }).toBeGreaterThanOrEqual(6);
    // Hold every later request, then kill once each reply sent has had its moment to be journaled.
    server.configure({ latencyMs: 3_600_000 });
    const journaled = () => (existsSync(`${out}.replies`) ? readFileSync(`${out}.replies`, "utf8").split("\n").filter(Boolean).length : 0);
    // Requests already in flight still get their (short) reply: wait until none has landed for 500 ms and the journal holds them all.
    let last = { count: -1, at: 0 };
    const settled = () => {
      const count = answeredNow();
      if (count !== last.count) last = { count, at: performance.now() };
      return performance.now() - last.at > 500 && journaled() === count;
    };
    await expect.poll(settled, { timeout: 15_000, interval: 20 }).toBe(true);
    child.kill("SIGKILL");
    expect(await closed).toBe("SIGKILL");
    expect(existsSync(out)).toBe(false);
    const first = new Set(
      server.log
        .slice(before)
        .filter((r) => r.status === 200)
        .map((r) => r.question),
    );
    expect(first.size).toBeGreaterThanOrEqual(6);
    expect(first.size).toBeLessThan(questions.length);

    server.configure({ latencyMs: 0 });
    const resumedFrom = server.log.length;
    const resumed = await runCliInProcess([...argv, "--resume"], { env: { RAG_TOKEN: TOKEN } });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`resuming: ${first.size} already asked`);
    const askedAgain = server.log.slice(resumedFrom).map((r) => r.question);
    expect(askedAgain.filter((q) => first.has(q))).toEqual([]);
    expect(new Set(askedAgain).size).toBe(questions.length - first.size);
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.question, l.answer])).toEqual(questions.map((q) => [q, expectedAnswer(q).answer]));
    expect(existsSync(`${out}.replies`)).toBe(false);
    expectNoSecret([resumed.stdout, resumed.stderr]);
  });
});
