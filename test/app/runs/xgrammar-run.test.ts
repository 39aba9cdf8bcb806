import "fake-indexeddb/auto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runReport, startRun } from "../../../src/app/runs/run-actions";
import { useRuns } from "../../../src/app/runs/run-state";
import { appDb } from "../../../src/app/shared/persist/db";
import { DEFAULT_SETTINGS } from "../../../src/app/shared/settings-model/model";
import { useApp } from "../../../src/app/shared/store";
import { createDataset } from "../../../src/storage/db/datasets";
import { getRun } from "../../../src/storage/db/runs";
import { readSamples, requireSamples } from "../../../src/storage/format/samples-file";
import { fixturePath } from "../../fixture-path";
import { type MockServer, startMockServer } from "../../mock/server";
import { expectConstrained, expectResults, PAPER, shortest } from "../../xgrammar-checks";

/**
 * Issue 22, the dataset run: the Runs pane's run (startRun, the app's run service, fake-indexeddb)
 * of a 10-row English and Chinese JSONL against the mock's xgrammar mode, over real HTTP. Moved
 * here from the browser test (test/e2e/xgrammar-judge.test.ts keeps the playground's cards): the
 * run's requests and results are the same code in Node as in the page.
 */

const KEY = "sk-xgrammar-run-1234";
const FILE = "xgrammar-mixed-10.jsonl";
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ latencyMs: 1, xgrammar: { seed: 22 } });
});
afterAll(() => mock.close());

describe("a dataset run against an xgrammar-constrained judge", () => {
  it("the 10-row English and Chinese JSONL finishes with 0 parse_error, no NaN, no one-character judge text", { timeout: 60_000 }, async () => {
    const { samples } = requireSamples(await readSamples({ name: FILE, bytes: readFileSync(fixturePath("datasets", FILE)) }));
    expect(samples).toHaveLength(10);
    const db = (await appDb())!;
    const dataset = await createDataset(db, { name: FILE, source: { file: FILE, kind: "jsonl" }, samples });
    useApp.setState({
      lang: "en",
      apiKey: KEY,
      settings: { ...DEFAULT_SETTINGS, provider: "openai", baseURL: mock.url, model: "mock-judge", embeddingModel: "mock-embedding", maxRetries: 0 },
    });

    mock.resetLog();
    await startRun(dataset.id, { metrics: [...PAPER], repeat: 1, concurrency: 8 });
    expect(useRuns.getState().notice).toBeNull();
    const runId = useRuns.getState().selectedId!;
    expect(await getRun(db, runId)).toMatchObject({ status: "done", sampleCount: 10 });
    expectConstrained(mock, 10 * PAPER.length);

    // The run's report, as its Results explorer exports it.
    const report = (await runReport(runId))!;
    expect(report.samples.map((s) => s.id).sort()).toEqual(["en1", "en2", "en3", "en4", "en5", "zh1", "zh2", "zh3", "zh4", "zh5"]);
    expect(report.config.metrics).toEqual(expect.arrayContaining([...PAPER]));
    const { texts, codes, nulls, scored } = expectResults(report, "run");
    // Random text still scores: most results are numbers, not nulls of any kind.
    expect(scored, JSON.stringify(codes)).toBeGreaterThanOrEqual(40);
    expect(
      texts.some((t) => /\p{Script=Han}/u.test(t.text)),
      "Chinese rows get Chinese judge text",
    ).toBe(true);
    expect(JSON.stringify(report)).not.toMatch(/\bNaN\b/);
    expect(JSON.stringify(report)).not.toContain(KEY);
    console.info(`[xgrammar run] ${scored} of 50 scored, nulls ${JSON.stringify(nulls)}, ${texts.length} judge texts, shortest ${shortest(texts)} characters`);
  });
});
