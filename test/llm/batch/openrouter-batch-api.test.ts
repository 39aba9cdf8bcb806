import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "../../../src/engine";
import { type AnyMetricId, PAPER_METRIC_IDS } from "../../../src/engine/metrics/types";
import { memoryBatchState } from "../../../src/llm/batch/batch-state";
import { batchApiFor } from "../../../src/llm/batch/choose-api";
import { openRouterBatchApi } from "../../../src/llm/batch/openrouter-batch-api";
import { probeBatchSupport } from "../../../src/llm/batch/probe";
import { runByBatch } from "../../../src/llm/batch/run-batch";
import { parseTransportConfig } from "../../../src/llm/config";
import { createEmbedder } from "../../../src/llm/embedder";
import { createJudge } from "../../../src/llm/judge";
import { type BatchMock, startBatchMock } from "../../mock/batch-server";
import { type MockServer, startMockServer } from "../../mock/server";
import { batchSamples, withoutUsage } from "./batch-samples";

const KEY = "sk-or-batch-test-key";
let batch: BatchMock;
let sync: MockServer;
beforeAll(async () => {
  // Seven results a page: every round's results take several pages.
  batch = await startBatchMock({ apiKey: KEY, resultsPageSize: 7 });
  sync = await startMockServer({ apiKey: KEY });
});
afterAll(async () => {
  await batch.close();
  await sync.close();
});

const transport = (url: string) => parseTransportConfig({ baseURL: url, apiKey: KEY, model: "mock-judge", embeddingModel: "mock-embedding", maxRetries: 0 });
const clockSleep = async (ms: number) => batch.advance(ms);
const JUDGED: AnyMetricId[] = ["faithfulness", "context_precision", "context_recall"];

const syncRun = (n: number, metricIds: readonly AnyMetricId[]) => {
  const config = transport(sync.url);
  return evaluate(batchSamples(n), metricIds, { judge: createJudge(config), embedder: createEmbedder(config), concurrency: 8 });
};

function run(n: number, metricIds: readonly AnyMetricId[], more: Partial<Parameters<typeof runByBatch>[0]> = {}) {
  const config = transport(batch.openRouterUrl);
  return runByBatch({
    units: batchSamples(n).map((sample) => ({ sample, metricIds })),
    plan: { hasEmbedder: true },
    config,
    apiFor: (endpoint) => openRouterBatchApi(config, endpoint === "/v1/embeddings" ? "embedding" : "chat"),
    store: memoryBatchState(),
    sleep: clockSleep,
    ...more,
  });
}

describe("runByBatch through OpenRouter's inline batches (the batch mock)", () => {
  it("the five metrics, chat and embeddings, give the sync run's scores and traces; results are read page by page", async () => {
    const before = batch.log.length;
    const created = batch.created.length;
    const out = await run(10, PAPER_METRIC_IDS);
    expect(withoutUsage(out.pass.results)).toEqual(withoutUsage((await syncRun(10, PAPER_METRIC_IDS)).results));
    expect(out.rounds).toBe(2);
    expect(batch.created.length - created).toBe(3);
    const log = batch.log.slice(before);
    expect(log.filter((r) => r.method === "POST").map((r) => `${r.path} ${r.status}`)).toEqual([
      "/api/v1/batches 202",
      "/api/v1/batches 202",
      "/api/v1/batches 202",
    ]);
    // More than one results page per batch: 10 embeddings are 2 pages of 7.
    expect(log.filter((r) => r.path.endsWith("/results")).length).toBeGreaterThan(3);
    expect(log.some((r) => r.path === "/files")).toBe(false);
  });

  it("an errored line and an expired batch are llm_error nulls in OpenRouter's words", async () => {
    batch.configure({ lineFault: (id) => (id.startsWith("s002:faithfulness:statements") ? { status: 502, message: "Provider returned error" } : undefined) });
    try {
      const faulty = await run(4, JUDGED);
      expect(faulty.pass.results[1]!.metrics.faithfulness!.error).toEqual({
        code: "llm_error",
        message: "The batch line failed with HTTP 502: Provider returned error",
      });
      expect(faulty.pass.results[0]!.metrics.faithfulness!.score).not.toBeNull();
      batch.configure({ lineFault: undefined, expireAt: 0.5 });
      const words = (await run(4, JUDGED)).pass.results.flatMap((r) => Object.values(r.metrics)).map((m) => m?.error?.message ?? "scored");
      expect(words).toContain("The batch line failed: The batch expired before this request ran.");
      expect(words).toContain("scored");
    } finally {
      batch.configure({ lineFault: undefined, expireAt: undefined });
    }
  });

  it("stopped mid-round and resumed by a new process: nothing is sent twice", async () => {
    const store = memoryBatchState();
    const controller = new AbortController();
    const before = batch.created.length;
    const stopping = async (ms: number) => {
      batch.advance(Math.min(ms, 1_000));
      controller.abort();
    };
    await expect(run(5, JUDGED, { store, sleep: stopping, signal: controller.signal })).rejects.toThrow("cancelled");
    expect(batch.created.length - before).toBe(1);
    const out = await run(5, JUDGED, { store, resuming: true });
    expect(withoutUsage(out.pass.results)).toEqual(withoutUsage((await syncRun(5, JUDGED)).results));
    expect(batch.created.length - before).toBe(store.submitted().length);
  });
});

describe("OpenRouter: choice by URL, no cancel, the probe", () => {
  it("openrouter.ai speaks inline batches at {base}/batches; cancel is refused in words", async () => {
    const urls: string[] = [];
    const recording: typeof fetch = async (url) => {
      urls.push(String(url));
      return new Response(JSON.stringify({ object: "list", data: [], has_more: false }), { status: 200, headers: { "content-type": "application/json" } });
    };
    const config = parseTransportConfig({ baseURL: "https://openrouter.ai/api/v1", apiKey: KEY, model: "m", fetch: recording, maxRetries: 0 });
    const api = batchApiFor(config, "chat");
    await api.recent();
    await batchApiFor(config, "embedding").recent();
    expect(urls).toEqual(["https://openrouter.ai/api/v1/batches", "https://openrouter.ai/api/v1/batches"]);
    await expect(api.cancel("batch_1")).rejects.toThrow("cancelling batch batch_1: OpenRouter's batch API has no cancel; the batch runs to its end");
    const probed = await probeBatchSupport(config);
    expect(probed).toMatchObject({ verdict: "reached", batches: 200 });
    expect(urls.at(-1)).toBe("https://openrouter.ai/api/v1/batches");
  });

  it("the probe against the mock: reached with the key, unauthorized without it", async () => {
    const ok = await probeBatchSupport({ baseURL: batch.openRouterUrl, apiKey: KEY, model: "m" }, undefined, "openrouter");
    expect(ok.message).toBe(`${batch.openRouterUrl} answers OpenRouter's batches from this page: runs can go by batch (half price, within 24 h).`);
    const refused = await probeBatchSupport({ baseURL: batch.openRouterUrl, apiKey: "sk-or-wrong-9876", model: "m" }, undefined, "openrouter");
    expect(refused).toMatchObject({ verdict: "unauthorized", batches: 401 });
    expect(refused.message).toBe(
      `${batch.openRouterUrl} refused the key for OpenRouter's batches (HTTP 401: No auth credentials found): check the OpenRouter API key.`,
    );
  });
});
