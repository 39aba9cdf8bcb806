import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReport } from "../../src/storage/format/report-parse";
import type { Report } from "../../src/storage/format/report-schema";
import { batchSamples, withoutUsage, withoutUsageOrSharing } from "../llm/batch/batch-samples";
import { z } from "zod";
import { answerLine } from "../mock/batch-answer";
import { type BatchMock, startBatchMock } from "../mock/batch-server";
import { type MockServer, startMockServer } from "../mock/server";
import { killWhen } from "./kill-resume";
import { FAKE_KEY, runCliInProcess, runCliProcess } from "./spawn-cli";

/**
 * Issue 18, "what it must show" 1: 200 samples x the five metrics by batch give the sync run's
 * scores and traces; killed with SIGKILL while round 1 is in flight and resumed, no batch is
 * submitted twice (the batch mock's log of created batches).
 */

const N = 200;
let batch: BatchMock;
let sync: MockServer;
let dir: string;
let input: string;
let syncReport: Report;

beforeAll(async () => {
  // Every poll moves the mock's clock 2 s: a batch takes ~35 polls (validating, in progress, finalizing).
  batch = await startBatchMock({ apiKey: FAKE_KEY, autoAdvanceMs: 2_000 });
  sync = await startMockServer({ apiKey: FAKE_KEY });
  dir = mkdtempSync(join(tmpdir(), "ragas-batch-"));
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

const args = (url: string, out: string, ...more: string[]) => [
  "score",
  "--input",
  input,
  "--base-url",
  url,
  "--model",
  "mock-judge",
  "--embedding-model",
  "mock-embedding",
  "--out",
  out,
  ...more,
];
const env = { OPENAI_API_KEY: FAKE_KEY, RAGAS_PLAYGROUND_BATCH_POLL_MS: "5" };

function reportAt(path: string): Report {
  const parsed = parseReport(readFileSync(path, "utf8"), path);
  if (!parsed.ok) throw parsed.error;
  return parsed.report;
}

describe("score --batch", () => {
  it("killed mid-round and resumed: the sync run's report, no batch submitted twice", async () => {
    const out = join(dir, "batch.json");
    const state = `${out}.batch`;
    // Killed once round 1's batch exists at the provider and is being polled.
    const signal = await killWhen(
      args(batch.url, out, "--batch"),
      () => batch.created.length >= 1 && batch.log.filter((r) => r.method === "GET").length > 3,
      env,
    );
    expect(signal).toBe("SIGKILL");
    expect(existsSync(state)).toBe(true);
    expect(existsSync(out)).toBe(false);

    const resumed = await runCliProcess(args(batch.url, out, "--batch", "--resume"), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/by batch: 2 rounds, one after another, each within the provider's 24h completion window; priced at batch rates/);
    expect(resumed.stderr).toMatch(/resuming by batch: 1 batch on record/);
    expect(resumed.stderr).toMatch(/round 1 chat \(\d+ requests\) batch-mock\d+: in progress \d+ \/ \d+/);
    expect(resumed.stderr).toMatch(/round 2 embeddings \(200 requests\) batch-mock\d+: completed 200 \/ 200/);
    expect(resumed.stderr).toMatch(/by batch: 2 rounds, 3 batches \(completion window 24h each\); cost at batch prices/);

    // Round 1 (chat), round 2 (chat verdicts + embeddings): three batches, each custom_id in one.
    expect(batch.created).toHaveLength(3);
    const ids = batch.created.flatMap((b) => b.customIds);
    expect(new Set(ids).size).toBe(ids.length);

    const report = reportAt(out);
    expect(withoutUsage(report.results)).toEqual(withoutUsage(syncReport.results));
    expect(report.summary).toEqual(syncReport.summary);
    const scored = report.results.flatMap((r) => Object.values(r.metrics)).filter((m) => m.score !== null).length;
    expect(scored).toBeGreaterThan(800);
    expect(existsSync(state)).toBe(false);
  }, 240_000);
});

/**
 * vLLM's run-batch line shapes (vllm/entrypoints/openai/run_batch.py: BatchRequestInput, whose body
 * is validated as a ChatCompletionRequest or EmbeddingRequest by url; BatchRequestOutput with
 * BatchResponseData), as strict schemas: what the CLI writes must pass the first, and it must read
 * what vLLM writes in the second.
 */
const vllmInput = z.discriminatedUnion("url", [
  z
    .object({
      custom_id: z.string(),
      method: z.literal("POST"),
      url: z.literal("/v1/chat/completions"),
      body: z
        .object({
          model: z.string(),
          messages: z.array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() }).strict()).min(1),
          temperature: z.number(),
          max_tokens: z.number().int(),
          response_format: z
            .object({
              type: z.literal("json_schema"),
              json_schema: z.object({ name: z.string(), schema: z.record(z.string(), z.unknown()), strict: z.boolean() }).strict(),
            })
            .strict(),
        })
        .strict(),
    })
    .strict(),
  z
    .object({
      custom_id: z.string(),
      method: z.literal("POST"),
      url: z.literal("/v1/embeddings"),
      body: z.object({ model: z.string(), input: z.array(z.string()).min(1), encoding_format: z.literal("float") }).strict(),
    })
    .strict(),
]);

let uuid = 0;
const vllmId = () => (++uuid).toString(16).padStart(32, "0");

/** Plays `vllm run-batch -i X -o Y`: one output line per input line, in vLLM's shape, out of order. */
function playVllm(inputPath: string): number {
  const lines = readFileSync(inputPath, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => vllmInput.parse(JSON.parse(l)));
  const outputs = lines.map((line) => {
    const answer = answerLine(line.url, line.body, {});
    return JSON.stringify({
      id: `vllm-${vllmId()}`,
      custom_id: line.custom_id,
      response: { status_code: answer.status, request_id: `vllm-batch-${vllmId()}`, body: answer.body },
      error: null,
    });
  });
  writeFileSync(inputPath.replace(/\.input\.jsonl$/, ".output.jsonl"), `${outputs.reverse().join("\n")}\n`);
  return lines.length;
}

describe("score --batch, Ctrl-C", () => {
  it("stops polling with exit 130, keeps the batches on record, and --resume collects them", async () => {
    const out = join(dir, "interrupted.json");
    const before = batch.created.length;
    const stopped = await runCliProcess(args(batch.url, out, "--batch", "--metrics", "context_recall"), {
      env,
      interruptWhen: (stderr) => /round 1 chat .*: in progress/.test(stderr),
    });
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stderr).toContain(`stopped: the batches go on at the provider; the same command with --resume collects them (${out}.batch)`);
    expect(existsSync(`${out}.batch`)).toBe(true);
    const resumed = await runCliProcess(args(batch.url, out, "--batch", "--metrics", "context_recall", "--resume"), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(batch.created.length - before).toBe(1);
    expect(reportAt(out).results.map((r) => r.metrics.context_recall!.score)).toEqual(syncReport.results.map((r) => r.metrics.context_recall!.score));
  }, 120_000);
});

describe("score --batch-files", () => {
  it("round-trips through files in vllm run-batch's input and output shapes, round by round, to the sync run's report", async () => {
    const filesDir = join(dir, "rounds");
    const out = join(dir, "files.json");
    const rounds: number[] = [];
    for (let invocation = 0; invocation < 5; invocation++) {
      const run = await runCliProcess(args(sync.url, out, "--batch-files", filesDir), { env });
      if (run.code === 0) break;
      expect(run.code, run.stderr).toBe(75);
      expect(run.stderr).toMatch(/vllm run-batch -i .*round-\d+-chat-1\.input\.jsonl -o .*round-\d+-chat-1\.output\.jsonl --model mock-judge/);
      const fresh = readdirSync(filesDir).filter((n) => n.endsWith(".input.jsonl") && !existsSync(join(filesDir, n.replace(".input.", ".output."))));
      rounds.push(fresh.reduce((sum, name) => sum + playVllm(join(filesDir, name)), 0));
    }
    // Round 1: every first step; round 2: faithfulness verdicts and the embeddings.
    expect(rounds).toHaveLength(2);
    expect(readdirSync(filesDir).sort()).toEqual([
      "round-1-chat-1.input.jsonl",
      "round-1-chat-1.output.jsonl",
      "round-2-chat-1.input.jsonl",
      "round-2-chat-1.output.jsonl",
      "round-2-embeddings-1.input.jsonl",
      "round-2-embeddings-1.output.jsonl",
    ]);
    const report = reportAt(out);
    expect(withoutUsage(report.results)).toEqual(withoutUsage(syncReport.results));
  }, 240_000);
});

describe("score --batch, the newer metrics", () => {
  it("answer_correctness, faithfulness and bleu by batch give the sync run's report; bleu sends nothing, and text metrics alone need no batch", async () => {
    const small = join(dir, "small.jsonl");
    writeFileSync(
      small,
      `${batchSamples(10)
        .map((r) => JSON.stringify(r))
        .join("\n")}\n`,
    );
    const argv = (url: string, out: string, metrics: string, ...more: string[]) => [
      "score",
      "--input",
      small,
      "--metrics",
      metrics,
      "--base-url",
      url,
      "--model",
      "mock-judge",
      "--embedding-model",
      "mock-embedding",
      "--out",
      out,
      ...more,
    ];
    const metrics = "faithfulness,answer_correctness,bleu";
    const syncOut = join(dir, "small-sync.json");
    const syncRun = await runCliInProcess(argv(sync.url, syncOut, metrics), { env });
    expect(syncRun.code, syncRun.stderr).toBe(0);
    const before = batch.created.length;
    const batchOut = join(dir, "small-batch.json");
    const byBatch = await runCliProcess(argv(batch.url, batchOut, metrics, "--batch"), { env });
    expect(byBatch.code, byBatch.stderr).toBe(0);
    expect(byBatch.stderr).toMatch(/cost at batch prices/);

    const a = reportAt(batchOut);
    const b = reportAt(syncOut);
    expect(withoutUsageOrSharing(a.results)).toEqual(withoutUsageOrSharing(b.results));
    expect(a.summary).toEqual(b.summary);
    const lines = batch.created.slice(before).flatMap((x) => x.customIds);
    expect(lines.some((id) => id.includes(":bleu:"))).toBe(false);
    // The statements faithfulness and answer_correctness share are one line each; usage counts every line once.
    expect(new Set(lines).size).toBe(lines.length);
    expect(a.usage.requests).toBe(lines.length);

    // Only text metrics: nothing to send, so no batch, no state file, and the same scores.
    const textOut = join(dir, "small-text.json");
    const created = batch.created.length;
    const text = await runCliProcess(argv(batch.url, textOut, "bleu,rouge_l", "--batch"), { env });
    expect(text.code, text.stderr).toBe(0);
    expect(batch.created.length).toBe(created);
    expect(existsSync(`${textOut}.batch`)).toBe(false);
    expect(reportAt(textOut).results.every((r) => r.metrics.bleu !== undefined && r.metrics.rouge_l !== undefined)).toBe(true);
  }, 120_000);
});
