import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BatchMock, startBatchMock } from "../mock/batch-server";
import { type MockServer, startMockServer } from "../mock/server";
import { CORPUS, CORPUS_FILES, expectTestset, extractedTexts } from "./generate-corpus";
import { killWhen } from "./kill-resume";
import { FAKE_KEY, runCliInProcess, runCliProcess } from "./spawn-cli";

/**
 * Issue 28, `generate --batch`: the generation's calls through the provider's batch API round by
 * round (extractions, summaries and chunk vectors; personas and summary vectors; each round of
 * candidates and then their checks), against the batch mock. Killed while a round is out and run
 * again with --resume: no custom_id is submitted twice (the mock's log of created batches), and the
 * test set is the sync generation's with the same seed, byte for byte.
 */

const N = 4;
const env = { OPENAI_API_KEY: FAKE_KEY, RAGAS_PLAYGROUND_BATCH_POLL_MS: "5" };
let batch: BatchMock;
let sync: MockServer;
let dir: string;

beforeAll(async () => {
  batch = await startBatchMock({ apiKey: FAKE_KEY, autoAdvanceMs: 2_000 });
  sync = await startMockServer({ apiKey: FAKE_KEY });
  dir = mkdtempSync(join(tmpdir(), "ragas-generate-batch-"));
});
afterAll(async () => {
  await batch.close();
  await sync.close();
  rmSync(dir, { recursive: true, force: true });
});

const DOCS = CORPUS_FILES.filter((name) => /\.(md|txt)$/.test(name) && !["tiny.md", "empty.txt"].includes(name))
  .map((name) => join(CORPUS, name))
  .join(",");

const args = (url: string, out: string, ...more: string[]) => [
  "generate",
  ...["--docs", DOCS, "--size", String(N), "--out", out, "--seed", "4"],
  ...["--base-url", url, "--model", "mock-judge", "--embedding-model", "mock-embedding", ...more],
];

describe("generate --batch", () => {
  it("killed while round 2 is out and resumed: the sync generation's test set, no request submitted twice", async () => {
    const expectedPath = join(dir, "sync.jsonl");
    const straight = await runCliInProcess(args(sync.url, expectedPath), { env });
    expect(straight.code, straight.stderr).toBe(0);
    const expected = readFileSync(expectedPath, "utf8");
    expectTestset(expected, N, await extractedTexts());

    const out = join(dir, "batch.jsonl");
    const state = `${out}.batch`;
    const signal = await killWhen(
      args(batch.url, out, "--batch"),
      () => batch.created.length >= 2 && batch.log.filter((r) => r.method === "GET").length > 40,
      env,
    );
    expect(signal).toBe("SIGKILL");
    expect(existsSync(state)).toBe(true);
    expect(existsSync(out)).toBe(false);
    const before = batch.created.length;

    const resumed = await runCliProcess(args(batch.url, out, "--batch", "--resume"), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(new RegExp(`resuming by batch: ${before} batches on record`));
    const rounds = Number(/by batch: (\d+) rounds, (\d+) batches/.exec(resumed.stderr)?.[1]);
    // extraction + summaries + vectors, personas + summary vectors, then questions and each check
    expect(rounds).toBeGreaterThanOrEqual(4);
    expect(batch.created.length).toBeGreaterThan(before);
    const ids = batch.created.flatMap((b) => b.customIds);
    expect(new Set(ids).size, "no custom_id is submitted twice").toBe(ids.length);
    expect(ids.every((id) => id.startsWith("testset:testset:") && id.length <= 64)).toBe(true);
    expect(readFileSync(out, "utf8")).toBe(expected);
    expect(existsSync(state)).toBe(false);
  }, 240_000);

  it("an endpoint without batch embeddings (Anthropic's) is refused in words before anything is sent or kept", async () => {
    const out = join(dir, "anthropic.jsonl");
    const run = await runCliInProcess(args("https://api.anthropic.com/v1", out, "--batch"), { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("generate --batch embeds every chunk: Anthropic has no embeddings endpoint");
    expect(existsSync(`${out}.batch`)).toBe(false);
  });
});
