import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retryFailedBatch, startBatchRun, useBatch } from "../../../src/app/runs/batch/batch-run";
import { mergeResults, pendingUnits } from "../../../src/app/runs/batch/pending-units";
import { useRuns } from "../../../src/app/runs/run-state";
import { batchRunKeys, openBatchDb } from "../../../src/storage/db/batches";
import { appDb } from "../../../src/app/shared/persist/db";
import { useApp } from "../../../src/app/shared/store";
import type { JournalEntry, MetricResult } from "../../../src/engine";
import { createDataset } from "../../../src/storage/db/datasets";
import { getRun, loadRunResults } from "../../../src/storage/db/runs";
import { batchSamples } from "../../llm/batch/batch-samples";
import { type BatchMock, startBatchMock } from "../../mock/batch-server";

/**
 * Issue 18: "Retry failed" of a batch run sends only the failed lines, as a new batch (at batch
 * prices), and keeps every result that was already settled.
 */

const KEY = "sk-retry-test-1234";
let batch: BatchMock;
beforeAll(async () => {
  // Every poll moves the mock's clock past a batch's whole life: no test waits for a 24-hour window.
  batch = await startBatchMock({ apiKey: KEY, autoAdvanceMs: 10_000_000 });
});
afterAll(() => batch.close());

const scored = (score: number): MetricResult => ({ score, trace: { calls: [] } }) as unknown as MetricResult;
const nulled = (code: string): MetricResult => ({ score: null, error: { code, message: code }, trace: { calls: [] } }) as unknown as MetricResult;

describe("pendingUnits", () => {
  it("is every metric of a new run, and only the missing or retryable ones of a run with results", () => {
    const samples = batchSamples(3);
    const metrics = ["faithfulness", "context_recall"] as const;
    expect(pendingUnits(samples, [], metrics).map((u) => [u.sample.id, u.metricIds])).toEqual(samples.map((s) => [s.id, metrics]));
    const entries: JournalEntry[] = [
      { sampleId: "s001", repeat: 0, metrics: { faithfulness: scored(1), context_recall: nulled("no_statements") } },
      { sampleId: "s002", repeat: 0, metrics: { faithfulness: nulled("llm_error"), context_recall: scored(0.5) } },
    ];
    // s001 is settled (a legitimate null is not retried), s002 retries one metric, s003 has nothing yet.
    expect(pendingUnits(samples, entries, metrics).map((u) => [u.sample.id, u.metricIds])).toEqual([
      ["s002", ["faithfulness"]],
      ["s003", ["faithfulness", "context_recall"]],
    ]);
    expect(mergeResults(entries, [{ sampleId: "s002", metrics: { faithfulness: scored(0.75) } }])).toEqual([
      { sampleId: "s002", repeat: 0, metrics: { faithfulness: scored(0.75), context_recall: scored(0.5) } },
    ]);
  });
});

describe("Retry failed of a batch run", () => {
  it("sends only the failed lines as a new batch and keeps what was settled", async () => {
    const db = (await appDb())!;
    const samples = batchSamples(3);
    const dataset = await createDataset(db, { name: "retry", source: { file: "r.jsonl", kind: "jsonl" }, samples });
    useApp.setState((s) => ({ apiKey: KEY, settings: { ...s.settings, provider: "custom", baseURL: batch.url, model: "mock-judge", embeddingModel: "" } }));
    // The provider fails s002's faithfulness statements line.
    batch.configure({ lineFault: (id) => (id.startsWith("s002:faithfulness:") ? { status: 500, message: "The server had an error." } : undefined) });

    await startBatchRun(dataset.id, { metrics: ["faithfulness", "context_recall"], repeat: 1, concurrency: 1 });
    expect(useBatch.getState().phase).toBe("finished");
    const runId = useBatch.getState().runId!;
    const first = new Map((await loadRunResults(db, runId)).entries.map((e) => [e.sampleId, e]));
    expect(first.get("s002")!.metrics.faithfulness).toMatchObject({ score: null, error: { code: "llm_error" } });
    expect(first.get("s001")!.metrics.faithfulness!.score).toEqual(expect.any(Number));
    expect(useRuns.getState().counters[runId]!.failed).toBe(1);
    const before = batch.created.length;

    batch.configure({ lineFault: undefined });
    await retryFailedBatch(runId);
    expect(useBatch.getState().phase).toBe("finished");
    const retried = batch.created.slice(before);
    // A new batch per round of the failed metric (statements, then verdicts), holding s002's faithfulness lines only.
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.flatMap((b) => b.customIds).every((id) => id.startsWith("s002:faithfulness:"))).toBe(true);

    const after = new Map((await loadRunResults(db, runId)).entries.map((e) => [e.sampleId, e]));
    expect(after.get("s002")!.metrics.faithfulness!.score).toEqual(expect.any(Number));
    // What was settled is as it was.
    expect(after.get("s001")).toEqual(first.get("s001"));
    expect(after.get("s003")).toEqual(first.get("s003"));
    expect(after.get("s002")!.metrics.context_recall).toEqual(first.get("s002")!.metrics.context_recall);
    expect(await getRun(db, runId)).toMatchObject({ status: "done", byBatch: true });
    expect(useRuns.getState().counters[runId]).toMatchObject({ finished: 3, failed: 0 });
    // The retry's batch state went with its end.
    expect((await batchRunKeys(await openBatchDb())).has(runId)).toBe(false);

    // Nothing left to retry: nothing is sent.
    const settled = batch.created.length;
    await retryFailedBatch(runId);
    expect(batch.created.length).toBe(settled);
  });
});
