import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cancelBatchRun, createBatchRun, resumeBatchRuns, runTransport, useBatch } from "../../../src/app/runs/batch/batch-run";
import { appDb } from "../../../src/app/shared/persist/db";
import { useApp } from "../../../src/app/shared/store";
import { createDataset } from "../../../src/storage/db/datasets";
import { getRun } from "../../../src/storage/db/runs";
import { batchSamples } from "../../llm/batch/batch-samples";
import { type BatchMock, startBatchMock } from "../../mock/batch-server";

/**
 * Issue 18: a batch run is polled and cancelled at the base URL it was submitted to, never at
 * Settings' current one. With Settings pointing elsewhere (where the key in memory belongs), the
 * page refuses in words and sends nothing, as the sync resume does.
 */

const KEY = "sk-endpoint-test-1234";
let batch: BatchMock;
beforeAll(async () => {
  batch = await startBatchMock({ apiKey: KEY });
});
afterAll(() => batch.close());

const pointSettingsAt = (baseURL: string) =>
  useApp.setState((s) => ({ apiKey: KEY, settings: { ...s.settings, provider: "custom", baseURL, model: "mock-judge", embeddingModel: "" } }));

describe("a batch run's endpoint", () => {
  it("is the run's own: resume and cancel refuse while Settings point elsewhere, and go to the run's server once they do not", async () => {
    const db = (await appDb())!;
    const dataset = await createDataset(db, { name: "b", source: { file: "b.jsonl", kind: "jsonl" }, samples: batchSamples(3) });
    pointSettingsAt(batch.url);
    const created = (await createBatchRun(dataset.id, { metrics: ["faithfulness"], repeat: 1, concurrency: 1 }, "api"))!;
    expect(created.meta).toMatchObject({ baseURL: batch.url, byBatch: true, status: "running" });

    // Settings now name another server: the files flow still builds the run's own config...
    pointSettingsAt("http://127.0.0.1:9/v1");
    expect((await runTransport(created.meta)).baseURL).toBe(batch.url);
    // ...and the reloaded page does not poll with a key meant for another server.
    const sent = batch.log.length;
    await resumeBatchRuns(dataset.id);
    expect(useBatch.getState()).toMatchObject({ runId: created.meta.id, phase: "failed" });
    expect(useBatch.getState().message).toBe(
      `This batch run was submitted to ${batch.url}, and Settings point elsewhere: set that base URL (and its key) in Settings to poll or cancel it.`,
    );
    expect(batch.log.length).toBe(sent);

    // Settings back at the run's server: the run is driven there (its first batch is submitted).
    pointSettingsAt(batch.url);
    const driving = resumeBatchRuns(dataset.id);
    await vi.waitFor(() => expect(batch.created.length).toBeGreaterThan(0), { timeout: 15_000, interval: 5 });
    expect(useBatch.getState().phase).toBe("running");

    // Cancel with Settings elsewhere: refused, polling goes on, nothing cancelled at the provider.
    pointSettingsAt("http://127.0.0.1:9/v1");
    await cancelBatchRun();
    expect(useBatch.getState().phase).toBe("running");
    expect(useBatch.getState().message).toMatch(/Settings point elsewhere/);
    expect(batch.log.filter((r) => r.path.endsWith("/cancel"))).toEqual([]);

    pointSettingsAt(batch.url);
    await cancelBatchRun();
    await driving;
    expect(useBatch.getState().phase).toBe("cancelled");
    expect(batch.log.filter((r) => r.path.endsWith("/cancel")).map((r) => [r.method, r.path, r.status])).toEqual([
      ["POST", `/batches/${batch.created[0]!.id}/cancel`, 200],
    ]);
    expect((await getRun(db, created.meta.id))?.status).toBe("cancelled");
  });
});
