import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReport } from "../../src/storage/format/report-parse";
import type { Report } from "../../src/storage/format/report-schema";
import { startMockServer, type MockServer } from "../mock/server";
import { expectAccountedFor, FAKE_KEY, FIXTURES, runCliInProcess, runCliProcess, type CliRun } from "./spawn-cli";

let mock: MockServer;
let dir: string;

beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY, latencyMs: 5 });
  dir = mkdtempSync(join(tmpdir(), "ragas-cli-"));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const common = () => ["--base-url", mock.url, "--model", "mock-judge", "--embedding-model", "mock-embedding", "--concurrency", "4"];
const env = { OPENAI_API_KEY: FAKE_KEY };

function reportOf(text: string, file: string): Report {
  const parsed = parseReport(text, file);
  if (!parsed.ok) throw parsed.error;
  return parsed.report;
}

function expectNoKey(run: CliRun, ...more: string[]) {
  for (const text of [run.stdout, run.stderr, ...more]) expect(text).not.toContain(FAKE_KEY);
}

// Concurrent: the file takes as long as its slowest test. The tests about the process (a whole run
// to --out and to stdout, exit code 2 from the entry point, Ctrl-C) spawn it as `npm run cli` does;
// the others run the same command line through runCli in this process.
describe.concurrent("cli score (against the mock server)", { timeout: 60_000 }, () => {
  it("scores a JSONL file into --out: every score recomputes, every null is coded, no key anywhere", async () => {
    const out = join(dir, "jsonl-report.json");
    mock.resetLog();
    const run = await runCliProcess(["score", "--input", join(FIXTURES, "samples.jsonl"), ...common(), "--out", out], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("");
    const text = readFileSync(out, "utf8");
    const report = reportOf(text, out);
    expect(report.samples.map((s) => s.id)).toEqual(["nile", "curie", "wall"]);
    const { scored } = expectAccountedFor(report);
    expect(scored).toBe(15);
    expectNoKey(run, text);
    // The key did reach the server, so its absence above is not an accident.
    expect(mock.log.some((r) => r.headers.authorization === `Bearer ${FAKE_KEY}`)).toBe(true);
    expect(run.stderr).toMatch(/faithfulness\s+\d\.\d{3}\s+\[\d\.\d{3}, \d\.\d{3}\]\s+\d\.\d{3}\s+3\/3/);
    expect(run.stderr).toMatch(/requests: \d+ \(\d+ chat, 3 embedding\)/);
    // The mock's models have no list price: the summary says so instead of printing $0.
    expect(run.stderr).toContain("estimated cost: unknown: no price for mock-judge, mock-embedding (--price MODEL=IN/OUT, USD per 1M tokens)");
  });

  it("estimates the cost from every billed token with --price: $1 per 1M tokens costs the usage's tokens / 1M", async () => {
    const out = join(dir, "priced-report.json");
    const run = await runCliInProcess(
      ["score", "--input", join(FIXTURES, "samples.jsonl"), ...common(), "--out", out, "--price", "mock-judge=1/1,mock-embedding=1/1"],
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    const { usage } = reportOf(readFileSync(out, "utf8"), out);
    const usd = (usage.promptTokens + usage.completionTokens) / 1_000_000;
    expect(usd).toBeGreaterThan(0);
    expect(run.stderr).toContain(`estimated cost: $${usd < 1 ? usd.toFixed(4) : usd.toFixed(2)} (list prices; --price MODEL=IN/OUT to correct)`);
  });

  it("scores a CSV file and writes the report to stdout when there is no --out", async () => {
    const run = await runCliProcess(["score", "--input", join(FIXTURES, "samples.csv"), ...common(), "--metrics", "faithfulness,context_recall"], { env });
    expect(run.code, run.stderr).toBe(0);
    const report = reportOf(run.stdout, "stdout");
    expect(report.samples[1]!.answer).toBe("Marie Curie was a physicist.\nShe won two Nobel Prizes.");
    expect(report.config.metrics).toEqual(["faithfulness", "context_recall"]);
    expectAccountedFor(report);
    expectNoKey(run);
  });

  it("scores a JSON file with ragas names; missing inputs and refusals are coded nulls, not failures", async () => {
    const out = join(dir, "json-report.json");
    const run = await runCliInProcess(["score", "--input", join(FIXTURES, "samples.json"), ...common(), "--out", out], { env: { OPENAI_API_KEY: FAKE_KEY } });
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(out, "utf8");
    const { codes } = expectAccountedFor(reportOf(text, out));
    expect(codes.missing_input).toBeGreaterThan(0);
    expectNoKey(run, text);
  });

  it("runs with a prompt set and records the version name and the edited text", async () => {
    const out = join(dir, "prompts-report.json");
    const run = await runCliInProcess(
      [
        "score",
        "--input",
        join(FIXTURES, "samples.jsonl"),
        ...common(),
        "--metrics",
        "faithfulness",
        "--prompts",
        join(FIXTURES, "prompts.json"),
        "--out",
        out,
      ],
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = reportOf(readFileSync(out, "utf8"), out);
    const prompt = report.config.prompts.find((p) => p.id === "faithfulness.statements")!;
    expect(prompt.versionName).toBe("terse-v2");
    expect(prompt.instruction).toMatch(/^List the claims/);
  });

  it("exits 2 with one line on a bad flag", async () => {
    const run = await runCliProcess(["score", "--input", "x.jsonl", ...common(), "--timeout", "soon"], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: --timeout expects a whole number from 1 to 3600000, got "soon"\n');
    expect(run.stdout).toBe("");
  });

  it("exits 1 naming file, row and field when the input has a bad row", async () => {
    const run = await runCliInProcess(["score", "--input", join(FIXTURES, "bad.csv"), ...common(), "--metrics", "faithfulness"], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'error: bad.csv row 2 (line 3), field "contexts": looks like a list but is not one: item 2: a string opened with \' is never closed\n',
    );
  });

  it("exits 1 on a missing input file and on an invalid prompt set", async () => {
    const missing = await runCliInProcess(["score", "--input", join(dir, "nope.jsonl"), ...common(), "--metrics", "faithfulness"], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: --input .*nope\.jsonl: cannot read \(no such file\)\n$/);
    const prompts = await runCliInProcess(
      ["score", "--input", join(FIXTURES, "samples.jsonl"), ...common(), "--metrics", "faithfulness", "--prompts", join(FIXTURES, "bad-prompts.json")],
      { env },
    );
    expect(prompts.code).toBe(1);
    expect(prompts.stderr).toMatch(/^error: .*bad-prompts\.json: prompts\["faithfulness\.statements"\]\.inputTemplate: .*answr/);
    expect(prompts.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("exits 1 before the run when the server refuses the key, without echoing either key", async () => {
    const wrong = "sk-e2e-WRONGKEY-0000111122223333";
    const run = await runCliInProcess(["score", "--input", join(FIXTURES, "samples.jsonl"), ...common(), "--metrics", "faithfulness"], {
      env: { OPENAI_API_KEY: wrong },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error: could not start: The server at .* rejected the API key \(HTTP 401\)/);
    expect(run.stderr).not.toContain(wrong);
    expect(run.stdout).toBe("");
  });

  it("on Ctrl-C, cancels the run and still writes the partial report with cancelled nulls", async () => {
    const slow = await startMockServer({ apiKey: FAKE_KEY, latencyMs: 400 });
    try {
      const out = join(dir, "cancelled.json");
      const input = join(FIXTURES, "samples.jsonl");
      const run = await runCliProcess(
        [
          "score",
          "--input",
          input,
          "--base-url",
          slow.url,
          "--model",
          "mock-judge",
          "--metrics",
          "faithfulness,context_recall",
          "--concurrency",
          "1",
          "--out",
          out,
        ],
        { env, interruptWhen: (err) => /scoring: [1-9]\d*\//.test(err) },
      );
      expect(run.code, run.stderr).toBe(130);
      expect(run.stderr).toContain("cancelled: writing the partial report");
      expect(existsSync(out)).toBe(true);
      const text = readFileSync(out, "utf8");
      const { codes } = expectAccountedFor(reportOf(text, out));
      expect(codes.cancelled).toBeGreaterThan(0);
      expectNoKey(run, text);
    } finally {
      await slow.close();
    }
  });
});
