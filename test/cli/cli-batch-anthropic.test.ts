import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReport } from "../../src/storage/format/report-parse";
import type { Report } from "../../src/storage/format/report-schema";
import { batchSamples, withoutUsage } from "../llm/batch/batch-samples";
import { type BatchMock, startBatchMock } from "../mock/batch-server";
import { type MockServer, startMockServer } from "../mock/server";
import { FAKE_KEY, ROOT, runCliInProcess, runCliProcess } from "./spawn-cli";
import { cliEntry } from "./cli-entry";

/**
 * `score --batch --batch-provider anthropic` against the batch mock's Message Batches: the sync
 * run's report; killed with SIGKILL while round 1 is polled and resumed, no batch sent twice; a
 * run whose embeddings would go to Anthropic is refused before anything is sent.
 */

const N = 40;
const METRICS = "faithfulness,context_precision,context_recall";
let batch: BatchMock;
let sync: MockServer;
let dir: string;
let input: string;
let syncReport: Report;
const env = { OPENAI_API_KEY: FAKE_KEY, RAGAS_PLAYGROUND_BATCH_POLL_MS: "5" };

const args = (url: string, out: string, ...more: string[]) => [
  "score",
  "--input",
  input,
  "--base-url",
  url,
  "--model",
  "mock-judge",
  "--metrics",
  METRICS,
  "--out",
  out,
  ...more,
];

function reportAt(path: string): Report {
  const parsed = parseReport(readFileSync(path, "utf8"), path);
  if (!parsed.ok) throw parsed.error;
  return parsed.report;
}

beforeAll(async () => {
  batch = await startBatchMock({ apiKey: FAKE_KEY, autoAdvanceMs: 2_000 });
  sync = await startMockServer({ apiKey: FAKE_KEY });
  dir = mkdtempSync(join(tmpdir(), "ragas-anthropic-batch-"));
  input = join(dir, "samples.jsonl");
  writeFileSync(
    input,
    `${batchSamples(N)
      .map((r) => JSON.stringify(r))
      .join("\n")}\n`,
  );
  const out = join(dir, "sync.json");
  const run = await runCliInProcess(args(sync.url, out, "--concurrency", "16"), { env });
  expect(run.code, run.stderr).toBe(0);
  syncReport = reportAt(out);
}, 120_000);
afterAll(async () => {
  await batch.close();
  await sync.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("score --batch --batch-provider anthropic", () => {
  it("killed mid-round and resumed: the sync run's report, every batch a Message Batch, none submitted twice", async () => {
    const out = join(dir, "batch.json");
    const child = spawn(process.execPath, [...cliEntry(), ...args(batch.url, out, "--batch", "--batch-provider", "anthropic")], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: "ignore",
    });
    const polled = () => batch.created.length >= 1 && batch.log.filter((r) => r.method === "GET" && r.path.startsWith("/messages/batches/")).length > 3;
    const timer = setInterval(() => polled() && child.kill("SIGKILL"), 5);
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on("close", (_c, s) => resolve(s)));
    clearInterval(timer);
    expect(signal).toBe("SIGKILL");
    expect(existsSync(`${out}.batch`)).toBe(true);

    const resumed = await runCliProcess(args(batch.url, out, "--batch", "--batch-provider", "anthropic", "--resume"), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resuming by batch: 1 batch on record/);
    expect(resumed.stderr).toMatch(/round 1 chat \(\d+ requests\) msgbatch-mock\d+: in progress 0 \/ \d+/);
    expect(resumed.stderr).toMatch(/round 2 chat \(\d+ requests\) msgbatch-mock\d+: completed \d+ \/ \d+/);
    expect(batch.created).toHaveLength(2);
    expect(batch.created.every((b) => b.id.startsWith("msgbatch-"))).toBe(true);
    const ids = batch.created.flatMap((b) => b.customIds);
    expect(new Set(ids).size).toBe(ids.length);
    // Only Anthropic's endpoints were used: no file was uploaded.
    expect(batch.log.some((r) => r.path === "/files" || r.path === "/batches")).toBe(false);

    const report = reportAt(out);
    expect(withoutUsage(report.results)).toEqual(withoutUsage(syncReport.results));
    expect(report.summary).toEqual(syncReport.summary);
    expect(report.results.flatMap((r) => Object.values(r.metrics)).filter((m) => m.score !== null).length).toBeGreaterThan(N * 2);
  }, 240_000);

  it("refuses, before sending anything, a run whose embeddings would go to Anthropic, naming the metrics", async () => {
    const before = batch.created.length;
    const run = await runCliInProcess(
      [
        ...args(batch.url, join(dir, "refused.json"), "--batch", "--batch-provider", "anthropic").filter((a) => a !== METRICS && a !== "--metrics"),
        "--metrics",
        "faithfulness,answer_relevancy,semantic_similarity",
        "--embedding-model",
        "mock-embedding",
      ],
      { env },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("answer_relevancy, semantic_similarity: Anthropic has no embeddings endpoint");
    expect(batch.created.length).toBe(before);
  });

  it("--batch-provider takes auto, openai, anthropic or openrouter", async () => {
    const run = await runCliInProcess([...args(batch.url, join(dir, "x.json"), "--batch", "--batch-provider", "claude")], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--batch-provider expects one of auto, openai, anthropic, openrouter, got "claude"');
  });
});
