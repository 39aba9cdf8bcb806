import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReport } from "../../src/storage/format/report-parse";
import { startMockServer, type MockServer } from "../mock/server";
import { expectAccountedFor, FAKE_KEY, FIXTURES, runCliProcess } from "./spawn-cli";

let mock: MockServer;
let dir: string;
beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY });
  dir = mkdtempSync(join(tmpdir(), "ragas-cli-text-"));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.concurrent("cli score with only the metrics that need no judge", { timeout: 60_000 }, () => {
  it("runs with no --base-url, --model or key, and writes a report whose every score recomputes", async () => {
    const out = join(dir, "text-report.json");
    const run = await runCliProcess(["score", "--input", join(FIXTURES, "samples.jsonl"), "--metrics", "bleu,rouge_l,exact_match", "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("with no judge (these metrics make no request)");
    const parsed = parseReport(readFileSync(out, "utf8"), out);
    if (!parsed.ok) throw parsed.error;
    const report = parsed.report;
    expect(report.config).toMatchObject({ baseURL: "", model: "", metrics: ["bleu", "rouge_l", "exact_match"], prompts: [] });
    expect(report.usage.requests).toBe(0);
    const { scored } = expectAccountedFor(report);
    expect(scored).toBe(9);
    expect(run.stderr).toMatch(/rouge_l\s+\d\.\d{3}\s+\[\d\.\d{3}, \d\.\d{3}\]\s+\d\.\d{3}\s+3\/3/);
  });

  it("sends the endpoint nothing, not even the connection check, when one is configured in the environment", async () => {
    mock.resetLog();
    const run = await runCliProcess(
      ["score", "--input", join(FIXTURES, "samples.jsonl"), "--metrics", "bleu,chrf,rouge_l,string_similarity,exact_match,string_presence"],
      {
        env: { OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: FAKE_KEY },
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(mock.log).toEqual([]);
    const parsed = parseReport(run.stdout, "stdout.json");
    if (!parsed.ok) throw parsed.error;
    expect(expectAccountedFor(parsed.report).scored).toBe(18);
    expect(run.stdout).not.toContain(FAKE_KEY);
  });

  it("still asks for --base-url when a metric needs a judge, naming it", async () => {
    const run = await runCliProcess(["score", "--input", join(FIXTURES, "samples.jsonl"), "--metrics", "bleu,faithfulness", "--model", "m"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--base-url is required (or set OPENAI_BASE_URL) for faithfulness");
  });
});
