import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkReport } from "../../src/storage/format/report-check";
import { parseReport } from "../../src/storage/format/report-parse";
import type { Report } from "../../src/storage/format/report-schema";
import { answered, isConnectionCheck, repeatedRequests } from "../mock/request-log";
import { type MockServer, startMockServer } from "../mock/server";
import { journaledRequests, runAndKill, writeSamples } from "./kill-resume";
import { expectAccountedFor, FAKE_KEY, runCliInProcess, runCliProcess } from "./spawn-cli";

/**
 * Issue 21's must-show 1: 50 samples x five metrics at concurrency 16, killed with SIGKILL after
 * ~50 answered requests and resumed. Every request answered before the kill comes back from the
 * reply cache beside --out: the mock sees no request twice (same messages, same schema), the two
 * processes together ask exactly what one uninterrupted run asks, and the report bills every
 * request of both processes. The uninterrupted runs, which only give the requests and the report
 * to compare with, and the --cache runs go through runCli in this process (test/cli/spawn-cli.ts).
 */

const LATENCY = 15;
const env = { OPENAI_API_KEY: FAKE_KEY };
let mock: MockServer;
let dir: string;
let input: string;

beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY, latencyMs: LATENCY });
  dir = mkdtempSync(join(tmpdir(), "ragas-exact-"));
  input = join(dir, "fifty.jsonl");
  writeSamples(input, 50);
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const args = (out: string, ...more: string[]) => [
  "score",
  ...["--input", input, "--base-url", mock.url, "--model", "mock-judge", "--embedding-model", "mock-embedding"],
  ...["--concurrency", "16", "--out", out, ...more],
];

function reportAt(path: string): Report {
  const parsed = parseReport(readFileSync(path, "utf8"), path);
  if (!parsed.ok) throw parsed.error;
  return parsed.report;
}

const scores = (report: Report) => report.results.map((r) => Object.fromEntries(Object.entries(r.metrics).map(([id, m]) => [id, m.score])));

describe("cli score --resume after kill -9: no answered request is sent twice", { timeout: 240_000 }, () => {
  it("asks the mock nothing twice, and the report bills both processes", async () => {
    const full = join(dir, "full.json");
    mock.resetLog();
    const straight = await runCliInProcess(args(full), { env });
    expect(straight.code, straight.stderr).toBe(0);
    const ideal = answered(mock.log).filter((r) => !isConnectionCheck(r));
    expect(repeatedRequests(ideal), "an uninterrupted run asks nothing twice").toEqual([]);
    expect(existsSync(`${full}.cache`), "a finished run leaves no cache beside its report").toBe(false);

    const out = join(dir, "killed.json");
    mock.resetLog();
    expect(await runAndKill(mock, args(out), { at: 50, settle: { journal: `${out}.journal` }, env })).toBe("SIGKILL");
    mock.configure({ latencyMs: LATENCY });
    const first = answered(mock.log);
    expect(first.length).toBeGreaterThanOrEqual(50);
    expect(first.length).toBeLessThan(ideal.length / 2);
    expect(journaledRequests(`${out}.journal`), "every answered request was journaled before the kill").toBe(first.length);

    const resumed = await runCliProcess(args(out, "--resume"), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resuming: \d+ finished sample runs in .*killed\.json\.journal, \d+ answered requests in .*killed\.json\.cache/);
    const both = answered(mock.log);
    const work = both.filter((r) => !isConnectionCheck(r));
    expect(repeatedRequests(work), "no request is asked twice over both processes").toEqual([]);
    expect(work.length).toBe(ideal.length);
    expect(existsSync(`${out}.journal`) || existsSync(`${out}.cache`)).toBe(false);

    const report = reportAt(out);
    // Every request of both processes, their two connection checks included.
    expect(report.usage.requests).toBe(both.length);
    expect(report.usage.promptTokens).toBe(both.reduce((sum, r) => sum + r.promptTokens, 0));
    expect(report.usage.completionTokens).toBe(both.reduce((sum, r) => sum + r.completionTokens, 0));
    expect(report.usage.cachedRequests).toBeGreaterThan(0);
    expect(checkReport(report)).toBeUndefined();
    expectAccountedFor(report);
    expect(scores(report)).toEqual(scores(reportAt(full)));
    expect(report.summary).toEqual(reportAt(full).summary);
  });

  it("--repeat 2 killed mid-way and resumed: each repeat asks every request once, as an uninterrupted run does", async () => {
    const repeated = (out: string, ...more: string[]) => args(out, "--repeat", "2", "--metrics", "faithfulness,context_recall", ...more);
    const byKey = (records: Parameters<typeof repeatedRequests>[0]) => repeatedRequests(records).sort((a, b) => a.key.localeCompare(b.key));
    mock.resetLog();
    const straight = await runCliInProcess(repeated(join(dir, "r-full.json")), { env });
    expect(straight.code, straight.stderr).toBe(0);
    const ideal = answered(mock.log).filter((r) => !isConnectionCheck(r));
    // Repeats are fresh judge calls: every request of the run is asked exactly once per repeat.
    expect(byKey(ideal).every((r) => r.times === 2)).toBe(true);
    expect(byKey(ideal).length * 2).toBe(ideal.length);

    const out = join(dir, "r-killed.json");
    mock.resetLog();
    expect(await runAndKill(mock, repeated(out), { at: Math.round(ideal.length / 2), settle: { journal: `${out}.journal` }, env })).toBe("SIGKILL");
    mock.configure({ latencyMs: LATENCY });
    const first = answered(mock.log);
    expect(journaledRequests(`${out}.journal`), "every answered request was journaled before the kill").toBe(first.length);

    const resumed = await runCliProcess(repeated(out, "--resume"), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const both = answered(mock.log);
    const work = both.filter((r) => !isConnectionCheck(r));
    expect(byKey(work), "no request is asked a third time over both processes").toEqual(byKey(ideal));
    expect(work.length).toBe(ideal.length);
    const report = reportAt(out);
    expect(report.usage.requests).toBe(both.length);
    expect(report.usage.cachedRequests).toBeGreaterThan(0);
    expect(checkReport(report)).toBeUndefined();
    expectAccountedFor(report);
  });

  it("with --cache DIR, a second run of the same samples and prompts asks nothing; --no-cache asks everything", async () => {
    const cacheDir = join(dir, "cache");
    mock.resetLog();
    const once = await runCliInProcess(args(join(dir, "c1.json"), "--cache", cacheDir, "--metrics", "faithfulness,context_recall"), { env });
    expect(once.code, once.stderr).toBe(0);
    const firstCount = answered(mock.log).length;
    expect(existsSync(join(cacheDir, "replies.jsonl")), "--cache DIR outlives the run").toBe(true);

    mock.resetLog();
    const twice = await runCliInProcess(args(join(dir, "c2.json"), "--cache", cacheDir, "--metrics", "faithfulness,context_recall"), { env });
    expect(twice.code, twice.stderr).toBe(0);
    expect(answered(mock.log).filter((r) => !isConnectionCheck(r))).toEqual([]);
    const again = reportAt(join(dir, "c2.json"));
    expect(again.usage.requests).toBe(1);
    expect(again.usage.cachedRequests).toBe(firstCount - 1);
    expect(scores(again)).toEqual(scores(reportAt(join(dir, "c1.json"))));

    mock.resetLog();
    const fresh = await runCliInProcess(args(join(dir, "c3.json"), "--no-cache", "--metrics", "faithfulness,context_recall"), { env });
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(answered(mock.log).length).toBe(firstCount);
    expect(existsSync(join(dir, "c3.json.cache"))).toBe(false);
  });
});
