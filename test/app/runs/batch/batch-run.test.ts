import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resumeBatchRuns, startBatchRun, useBatch } from "../../../../src/app/runs/batch/batch-run";
import { useRuns } from "../../../../src/app/runs/run-state";
import { batchRunKeys, openBatchDb } from "../../../../src/storage/db/batches";
import { appDb } from "../../../../src/app/shared/persist/db";
import { DEFAULT_SETTINGS } from "../../../../src/app/shared/settings-model/model";
import { useApp } from "../../../../src/app/shared/store";
import { evaluate, type MetricId } from "../../../../src/engine";
import { createEmbedder, createJudge } from "../../../../src/llm";
import type { AppDb } from "../../../../src/storage/db/db";
import { createDataset } from "../../../../src/storage/db/datasets";
import { listRuns, loadRunResults } from "../../../../src/storage/db/runs";
import { readSamples, requireSamples } from "../../../../src/storage/format/samples-file";
import { datasetCsv } from "../../../e2e/datasets-fixture";
import { batchSamples } from "../../../llm/batch/batch-samples";
import { type BatchMock, startBatchMock } from "../../../mock/batch-server";
import { type MockServer, startMockServer } from "../../../mock/server";

/**
 * A run by the provider's batch API as the Runs pane starts it, in Node: the batch mock over real
 * HTTP, fake-indexeddb, and a session that "sleeps" by moving the mock's clock (no real waiting).
 */

const KEY = "sk-batch-run-key-5678";
const METRICS: MetricId[] = ["faithfulness", "answer_relevancy"];
const samples = batchSamples(6);
const form = { metrics: METRICS, repeat: 1, concurrency: 4, prompts: {} };

let batch: BatchMock;
let sync: MockServer;
let db: AppDb;
let datasetId: string;
const advance = { sleep: async (ms: number) => batch.advance(ms) };

beforeAll(async () => {
  [batch, sync] = await Promise.all([startBatchMock({ apiKey: KEY }), startMockServer()]);
  db = (await appDb())!;
  datasetId = (await createDataset(db, { name: "rivers", source: { file: "r.csv", kind: "csv" }, samples })).id;
});
afterAll(async () => {
  await Promise.all([batch.close(), sync.close()]);
});
beforeEach(() => {
  useApp.setState({
    lang: "en",
    apiKey: KEY,
    settings: { ...DEFAULT_SETTINGS, provider: "openai", baseURL: batch.url, model: "mock-judge", embeddingModel: "mock-embedding", maxRetries: 0 },
  });
  useBatch.setState({ phase: "idle", runId: null, message: "", lines: {} });
});

/** Each sample's scores as the sync transport gives them (the batch mock answers with the same brains). */
async function syncScores() {
  const config = { baseURL: sync.url, apiKey: "k", model: "mock-judge", embeddingModel: "mock-embedding" };
  const out = await evaluate(samples, METRICS, { judge: createJudge(config), embedder: createEmbedder(config), concurrency: 4 });
  return Object.fromEntries(out.results.map((r) => [r.sampleId, METRICS.map((m) => r.metrics[m]?.score)]));
}
async function storedScores(runId: string) {
  const { entries } = await loadRunResults(db, runId);
  return Object.fromEntries(entries.map((e) => [e.sampleId, METRICS.map((m) => e.metrics[m]?.score)]));
}
const runsNow = async () => (await listRuns(db, datasetId)).runs;

describe("a run by batch", () => {
  it("submits, polls and finishes: the stored run is done with the sync transport's scores, and its batch state is gone", async () => {
    const created = batch.created.length;
    await startBatchRun(datasetId, form, advance);

    const { runId, phase, message } = useBatch.getState();
    expect(phase).toBe("finished");
    const batches = batch.created.length - created;
    expect(batches).toBeGreaterThan(0);
    expect(message).toMatch(new RegExp(`^Finished: \\d+ rounds?, ${batches} batch(es)?\\.$`));
    const run = (await runsNow()).find((r) => r.id === runId)!;
    expect(run).toMatchObject({ status: "done", repeat: 1, sampleCount: samples.length, metrics: METRICS, model: "mock-judge", baseURL: batch.url });
    expect(await storedScores(run.id)).toEqual(await syncScores());
    expect(useRuns.getState().runs.find((r) => r.id === run.id)?.status).toBe("done");
    expect((await batchRunKeys(await openBatchDb())).has(run.id)).toBe(false);
    // Every request went out once.
    const ids = batch.created.slice(created).flatMap((b) => b.customIds);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a page closed mid-run is driven again on the next visit: the same batches polled, nothing submitted twice", async () => {
    const created = batch.created.length;
    const before = new Set((await runsNow()).map((r) => r.id));
    // The first poll never returns: the page went away with round 1 in flight.
    await startBatchRun(datasetId, form, {
      sleep: async () => {
        throw new Error("page closed");
      },
    });
    expect(useBatch.getState().phase).toBe("failed");
    const interrupted = (await runsNow()).find((r) => !before.has(r.id))!;
    expect(interrupted.status).toBe("running");
    const submitted = batch.created.length - created;
    expect(submitted).toBeGreaterThan(0);

    useBatch.setState({ phase: "idle", runId: null, batchRunIds: new Set() });
    await resumeBatchRuns(datasetId, advance);
    expect(useBatch.getState()).toMatchObject({ phase: "finished", runId: interrupted.id });
    expect(useBatch.getState().batchRunIds.has(interrupted.id)).toBe(true);
    const ids = batch.created.slice(created).flatMap((b) => b.customIds);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await storedScores(interrupted.id)).toEqual(await syncScores());
  });

  it("without a key for a hosted provider nothing is stored or submitted, and the pane says so", async () => {
    useApp.setState({ apiKey: "" });
    const runs = (await runsNow()).length;
    const created = batch.created.length;
    await startBatchRun(datasetId, form, advance);
    expect(useBatch.getState()).toMatchObject({ phase: "failed", message: "Set the API key in Settings first (it lives in memory only)." });
    expect((await runsNow()).length).toBe(runs);
    expect(batch.created.length).toBe(created);
  });
});

describe("a run by batch of the browser test's 12-row CSV", () => {
  // Issue 18's run by batch at its full size: test/e2e/batch.test.ts shows the same flow in the page
  // (reload, second tab, status lines) on a smaller dataset.
  it("faithfulness and context_recall: round 1 is one chat batch of 24 requests, two batches in all, every row scored or coded", async () => {
    const { samples: rows } = requireSamples(await readSamples({ name: "batch-12.csv", bytes: new TextEncoder().encode(datasetCsv(12)) }));
    expect(rows).toHaveLength(12);
    const dataset = await createDataset(db, { name: "batch-12", source: { file: "batch-12.csv", kind: "csv" }, samples: rows });
    const created = batch.created.length;
    const posted = batch.log.filter((r) => r.method === "POST" && /\/batches$/.test(r.path)).length;
    await startBatchRun(dataset.id, { ...form, metrics: ["faithfulness", "context_recall"] }, advance);

    const { runId, phase, message } = useBatch.getState();
    expect(phase).toBe("finished");
    expect(message).toBe("Finished: 2 rounds, 2 batches.");
    // Round 1: faithfulness' statements and context_recall's verdicts; round 2: faithfulness' verdicts.
    const mine = batch.created.slice(created);
    expect(mine).toHaveLength(2);
    expect(mine[0]!.customIds).toHaveLength(24);
    expect(mine[1]!.customIds).toHaveLength(12);
    const ids = mine.flatMap((b) => b.customIds);
    expect(new Set(ids).size).toBe(ids.length);
    expect(batch.log.filter((r) => r.method === "POST" && /\/batches$/.test(r.path)).length - posted).toBe(2);

    // Stored as a sync run's results are: every row scored or coded.
    const { entries } = await loadRunResults(db, runId!);
    expect(entries).toHaveLength(12);
    for (const entry of entries) {
      for (const id of ["faithfulness", "context_recall"] as const) {
        const m = entry.metrics[id];
        expect(m, `${entry.sampleId} ${id}`).toBeDefined();
        expect(m!.score !== null || m!.error?.code !== undefined).toBe(true);
      }
    }
    expect(entries.flatMap((e) => Object.values(e.metrics)).filter((m) => m !== undefined && m.score !== null).length).toBeGreaterThan(20);
  });
});
