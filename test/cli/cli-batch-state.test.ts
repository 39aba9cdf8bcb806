import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliIO } from "../../src/cli/io";
import { runCli } from "../../src/cli/run";
import { batchSamples } from "../llm/batch/batch-samples";
import { runBatchFile } from "../mock/batch-answer";
import { type BatchMock, startBatchMock } from "../mock/batch-server";
import { FAKE_KEY, runCliInProcess } from "./spawn-cli";

/**
 * Issue 26, defects 2 and 3 of the CLI's batch runs: a resume without its state file, with a
 * damaged line in it, or with a batch the provider no longer knows; and results in --batch-files
 * that belong to another run. In process (runCli), against the batch mock.
 */

let batch: BatchMock;
let dir: string;
beforeAll(async () => {
  // Every poll moves the mock's clock: a batch ends after a few dozen polls.
  batch = await startBatchMock({ apiKey: FAKE_KEY, autoAdvanceMs: 2_000 });
  dir = mkdtempSync(join(tmpdir(), "ragas-batch-state-"));
});
afterAll(async () => {
  await batch.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = { OPENAI_API_KEY: FAKE_KEY, RAGAS_PLAYGROUND_BATCH_POLL_MS: "1" };
/**
 * Each test's own samples (`out` names them): the same requests as another test's would be found
 * at the provider by their metadata, as they should, and no test would submit anything.
 */
function inputFor(out: string): string {
  const path = `${out}.samples.jsonl`;
  if (!existsSync(path))
    writeFileSync(
      path,
      `${batchSamples(4)
        .map((r) => JSON.stringify({ ...r, answer: `${r.answer} (${out})` }))
        .join("\n")}\n`,
    );
  return path;
}

const args = (out: string, ...more: string[]) => [
  "score",
  "--input",
  inputFor(out),
  "--metrics",
  "faithfulness,context_recall",
  "--base-url",
  batch.url,
  "--model",
  "mock-judge",
  "--out",
  out,
  "--batch",
  ...more,
];

/** Runs the CLI in process and stops it (as Ctrl-C) once round 1's batch is at the provider. */
async function stoppedInRoundOne(out: string): Promise<string> {
  const controller = new AbortController();
  let stderr = "";
  const io: CliIO = {
    stdout: { write: () => true },
    stderr: {
      write: (text: string) => {
        stderr += text;
        if (/round 1 chat .*: (validating|in progress)/.test(stderr)) controller.abort(new Error("cancelled by the user"));
        return true;
      },
    },
    env,
    signal: controller.signal,
  };
  const code = await runCli(args(out), io);
  expect(code, stderr).toBe(130);
  expect(existsSync(`${out}.batch`)).toBe(true);
  return `${out}.batch`;
}

describe("score --batch --resume, the state file", () => {
  it("gone: --resume finds round 1's batch at the provider by its metadata instead of submitting it again", async () => {
    const out = join(dir, "gone.json");
    const before = batch.created.length;
    const state = await stoppedInRoundOne(out);
    expect(batch.created.length - before).toBe(1);
    rmSync(state);
    const resumed = await runCliInProcess(args(out, "--resume"), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`no batch state at ${state}: looking for this run's batches at the provider (by their metadata) before submitting any`);
    // Round 1 found again: only round 2 (faithfulness's verdicts) is new.
    expect(batch.created.length - before).toBe(2);
    const ids = batch.created.slice(before).flatMap((b) => b.customIds);
    expect(new Set(ids).size).toBe(ids.length);
    expect(existsSync(out)).toBe(true);
  }, 60_000);

  it("a damaged line is skipped and named (file and line), and the resume finishes without submitting twice", async () => {
    const out = join(dir, "damaged.json");
    const before = batch.created.length;
    const state = await stoppedInRoundOne(out);
    const lines = readFileSync(state, "utf8").split("\n");
    expect(lines[1]).toContain('"kind":"submitted"');
    lines[1] = `${lines[1]!.slice(0, 40)}`;
    writeFileSync(state, lines.join("\n"));
    const resumed = await runCliInProcess(args(out, "--resume"), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`warning: ${state}:2 is damaged (not JSON): skipped; what it held is asked of the provider again`);
    expect(batch.created.length - before).toBe(2);
    expect(existsSync(out)).toBe(true);
  }, 60_000);

  it("a batch the provider no longer knows (404): stops once with the way out, and the same command resubmits that round", async () => {
    const out = join(dir, "lost.json");
    const before = batch.created.length;
    const state = await stoppedInRoundOne(out);
    const lost = batch.created.at(-1)!.id;
    batch.forget(lost);
    const first = await runCliInProcess(args(out, "--resume"), { env });
    expect(first.code).not.toBe(0);
    expect(first.stderr).toContain(
      `batch ${lost} (round 1) is gone at the provider (HTTP 404): if it was created with another API key, resume with that key; otherwise the same command with --resume submits its requests again`,
    );
    expect(first.stderr).not.toContain("--resume goes on");
    expect(existsSync(state)).toBe(true);
    const second = await runCliInProcess(args(out, "--resume"), { env });
    expect(second.code, second.stderr).toBe(0);
    // Round 1 again (the lost one), then round 2.
    expect(batch.created.length - before).toBe(3);
    expect(existsSync(out)).toBe(true);
  }, 60_000);
});

describe("score --batch-files, another run's results", () => {
  it("counts results that answer no request of this run apart, never as results read", async () => {
    const files = join(dir, "files");
    const out = join(dir, "files.json");
    const argv = [
      "score",
      "--input",
      inputFor(out),
      "--metrics",
      "context_recall",
      "--base-url",
      batch.url,
      "--model",
      "mock-judge",
      "--out",
      out,
      "--batch-files",
      files,
    ];
    const first = await runCliInProcess(argv, { env });
    expect(first.code, first.stderr).toBe(75);
    const written = readdirSync(files).filter((n) => n.endsWith(".input.jsonl"));
    expect(written).toEqual(["round-1-chat-1.input.jsonl"]);
    // Another run's output file, dropped into the same folder.
    const other = readFileSync(join(files, written[0]!), "utf8").replaceAll('"custom_id":"s', '"custom_id":"other-s');
    writeFileSync(join(files, "round-1-chat-1.output.jsonl"), runBatchFile(other));
    const second = await runCliInProcess(argv, { env });
    expect(second.code, second.stderr).toBe(75);
    expect(second.stderr).toContain(`warning: 4 results in ${files} belong to no request of this run`);
    expect(second.stderr).toContain("(0 results of this run read so far)");
  }, 60_000);
});
