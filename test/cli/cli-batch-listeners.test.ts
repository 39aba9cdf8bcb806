import { getEventListeners } from "node:events";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliIO } from "../../src/cli/io";
import { runCli } from "../../src/cli/run";
import { batchSamples } from "../llm/batch/batch-samples";
import { type BatchMock, startBatchMock } from "../mock/batch-server";
import { FAKE_KEY } from "./spawn-cli";

/**
 * Issue 27: the CLI's batch polling sleeps on the run's abort signal. Each sleep that ends by its
 * timer must take its abort listener off again; a run polls dozens of times, and listeners left
 * behind pile up on the signal (Node warns of a leak past ten).
 */

let batch: BatchMock;
let dir: string;
beforeAll(async () => {
  // Every poll moves the mock's clock 2 s: a batch ends after a few dozen polls.
  batch = await startBatchMock({ apiKey: FAKE_KEY, autoAdvanceMs: 2_000 });
  dir = mkdtempSync(join(tmpdir(), "ragas-batch-listeners-"));
});
afterAll(async () => {
  await batch.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("score --batch, the run's abort signal", () => {
  it("holds no abort listener once the run has finished, however many polls it slept through", async () => {
    const input = join(dir, "samples.jsonl");
    writeFileSync(
      input,
      `${batchSamples(3)
        .map((r) => JSON.stringify(r))
        .join("\n")}\n`,
    );
    const out = join(dir, "report.json");
    const controller = new AbortController();
    let stderr = "";
    const io: CliIO = {
      stdout: { write: () => true },
      stderr: {
        write: (text: string) => {
          stderr += text;
          return true;
        },
      },
      env: { OPENAI_API_KEY: FAKE_KEY, RAGAS_PLAYGROUND_BATCH_POLL_MS: "1" },
      signal: controller.signal,
    };
    const polls = () => batch.log.filter((r) => r.method === "GET" && r.path.startsWith("/batches/")).length;
    const pollsBefore = polls();
    const argv = ["score", "--input", input, "--metrics", "faithfulness", "--base-url", batch.url, "--model", "mock-judge", "--out", out, "--batch"];
    const code = await runCli(argv, io);
    expect(code, stderr).toBe(0);
    expect(existsSync(out)).toBe(true);
    // The run did sleep between polls (else the assertion below would prove nothing).
    expect(polls() - pollsBefore).toBeGreaterThan(10);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  }, 60_000);
});
