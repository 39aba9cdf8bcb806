import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "../../../src/engine";
import { type AnyMetricId, PAPER_METRIC_IDS } from "../../../src/engine/metrics/types";
import { anthropicBatchApi, NO_EMBEDDINGS } from "../../../src/llm/batch/anthropic-batch-api";
import { openAiBatchApi } from "../../../src/llm/batch/batch-api";
import { memoryBatchState } from "../../../src/llm/batch/batch-state";
import { batchApiFor } from "../../../src/llm/batch/choose-api";
import { cancelBatches, runByBatch } from "../../../src/llm/batch/run-batch";
import { parseTransportConfig } from "../../../src/llm/config";
import { createEmbedder } from "../../../src/llm/embedder";
import { createJudge } from "../../../src/llm/judge";
import { type BatchMock, startBatchMock } from "../../mock/batch-server";
import { type MockServer, startMockServer } from "../../mock/server";
import { batchSamples, withoutUsage } from "./batch-samples";

const KEY = "sk-ant-batch-test-key";
let batch: BatchMock;
let sync: MockServer;
beforeAll(async () => {
  batch = await startBatchMock({ apiKey: KEY });
  sync = await startMockServer({ apiKey: KEY });
});
afterAll(async () => {
  await batch.close();
  await sync.close();
});

const transport = (url: string) => parseTransportConfig({ baseURL: url, apiKey: KEY, model: "mock-judge", embeddingModel: "mock-embedding", maxRetries: 0 });
const clockSleep = async (ms: number) => batch.advance(ms);
const JUDGED: AnyMetricId[] = ["faithfulness", "context_precision", "context_recall"];

async function syncRun(n: number, metricIds: readonly AnyMetricId[]) {
  const config = transport(sync.url);
  return evaluate(batchSamples(n), metricIds, { judge: createJudge(config), embedder: createEmbedder(config), concurrency: 8 });
}

describe("runByBatch through Anthropic's Message Batches (the batch mock)", () => {
  it("gives the sync run's scores and traces by structured output and by a forced tool; the ids Anthropic sees are its own", async () => {
    const expected = withoutUsage((await syncRun(12, JUDGED)).results);
    for (const structured of ["output_config", "tool"] as const) {
      const before = batch.created.length;
      const config = transport(batch.url);
      const api = anthropicBatchApi(config, { structured });
      const out = await runByBatch({
        units: batchSamples(12).map((sample) => ({ sample, metricIds: JUDGED })),
        plan: { hasEmbedder: false },
        config,
        apiFor: () => api,
        store: memoryBatchState(),
        sleep: clockSleep,
      });
      expect(withoutUsage(out.pass.results)).toEqual(expected);
      expect(out.pass.results.flatMap((r) => Object.values(r.metrics)).filter((m) => m?.score !== null).length).toBeGreaterThan(24);
      const made = batch.created.slice(before);
      expect(made.map((b) => b.id.startsWith("msgbatch-"))).toEqual(made.map(() => true));
      expect(made.flatMap((b) => b.customIds).every((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id))).toBe(true);
    }
  });

  it("the five metrics: chat through Anthropic, embeddings through the embeddings server's own batch API, as the sync run", async () => {
    const config = transport(batch.url);
    const chat = anthropicBatchApi(config);
    const embeddings = openAiBatchApi(config, "embedding");
    const before = batch.log.length;
    const out = await runByBatch({
      units: batchSamples(8).map((sample) => ({ sample, metricIds: PAPER_METRIC_IDS })),
      plan: { hasEmbedder: true },
      config,
      apiFor: (endpoint) => (endpoint === "/v1/embeddings" ? embeddings : chat),
      store: memoryBatchState(),
      sleep: clockSleep,
    });
    expect(withoutUsage(out.pass.results)).toEqual(withoutUsage((await syncRun(8, PAPER_METRIC_IDS)).results));
    const paths = new Set(batch.log.slice(before).map((r) => `${r.method} ${r.path.replace(/\/[^/]*mock\d+/, "/ID")}`));
    expect(paths).toEqual(
      new Set([
        "POST /messages/batches",
        "GET /messages/batches/ID",
        "GET /messages/batches/ID/results",
        "POST /files",
        "POST /batches",
        "GET /batches/ID",
        "GET /files/ID/content",
      ]),
    );
  });

  it("an errored line and an expired batch are llm_error nulls in Anthropic's words", async () => {
    batch.configure({ lineFault: (id) => (id.startsWith("s002-faithfulness-statements") ? { status: 529, message: "Overloaded" } : undefined) });
    try {
      const config = transport(batch.url);
      const run = () =>
        runByBatch({
          units: batchSamples(4).map((sample) => ({ sample, metricIds: JUDGED })),
          plan: { hasEmbedder: false },
          config,
          apiFor: () => anthropicBatchApi(config),
          store: memoryBatchState(),
          sleep: clockSleep,
        });
      const faulty = await run();
      expect(faulty.pass.results[1]!.metrics.faithfulness!.error).toEqual({
        code: "llm_error",
        message: "The batch line failed (overloaded_error) with HTTP 529: Overloaded",
      });
      expect(faulty.pass.results[0]!.metrics.faithfulness!.score).not.toBeNull();

      batch.configure({ lineFault: undefined, expireAt: 0.5 });
      const expired = await run();
      const words = expired.pass.results.flatMap((r) => Object.values(r.metrics)).map((m) => m?.error?.message ?? "scored");
      expect(words).toContain(
        "The batch line failed (batch_expired): This request was not processed before the batch expired (24 hours after it was created).",
      );
      expect(words).toContain("scored");
    } finally {
      batch.configure({ lineFault: undefined, expireAt: undefined });
    }
  });

  it("stopped mid-round and resumed by a new process: nothing is sent twice, the results map back to our ids", async () => {
    const config = transport(batch.url);
    const units = batchSamples(6).map((sample) => ({ sample, metricIds: JUDGED }));
    const store = memoryBatchState();
    const controller = new AbortController();
    const before = batch.created.length;
    const stopping = async (ms: number) => {
      batch.advance(Math.min(ms, 1_000));
      controller.abort();
    };
    await expect(
      runByBatch({ units, plan: { hasEmbedder: false }, config, apiFor: () => anthropicBatchApi(config), store, sleep: stopping, signal: controller.signal }),
    ).rejects.toThrow("cancelled");
    expect(batch.created.length - before).toBe(1);
    // A new process: a new API object (nothing kept in memory), the same state.
    const out = await runByBatch({
      units,
      plan: { hasEmbedder: false },
      config,
      apiFor: () => anthropicBatchApi(config),
      store,
      sleep: clockSleep,
      resuming: true,
    });
    expect(withoutUsage(out.pass.results)).toEqual(withoutUsage((await syncRun(6, JUDGED)).results));
    const ids = batch.created.slice(before).flatMap((b) => b.customIds);
    expect(new Set(ids).size).toBe(ids.length);
    expect(batch.created.length - before).toBe(store.submitted().length);
  });

  it("cancel: the running batch is cancelled at Anthropic, its unprocessed requests come back canceled", async () => {
    const config = transport(batch.url);
    const api = anthropicBatchApi(config);
    const store = memoryBatchState();
    const controller = new AbortController();
    let statuses: string[] = [];
    const sleep = async () => {
      batch.advance(10_000);
      if (!controller.signal.aborted) {
        statuses = (await cancelBatches(store, () => api)).map((b) => b.status);
        controller.abort();
      }
    };
    await expect(
      runByBatch({
        units: batchSamples(2).map((sample) => ({ sample, metricIds: JUDGED })),
        plan: { hasEmbedder: false },
        config,
        apiFor: () => api,
        store,
        sleep,
        signal: controller.signal,
      }),
    ).rejects.toThrow("cancelled");
    expect(statuses).toEqual(["cancelling"]);
    batch.advance(5_000);
    const ended = await api.retrieve(store.submitted()[0]!.batchId);
    expect(ended.status).toBe("cancelled");
    const lines = (await api.content(ended.output_file_id!))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.some((l) => l.error?.code === "batch_cancelled")).toBe(true);
    await expect(api.cancel(ended.id)).rejects.toMatchObject({ status: 400, code: "invalid_request_error" });
  });
});

describe("Anthropic's headers and choice by URL", () => {
  it("every call carries x-api-key, anthropic-version and the browser-access header; the mock refuses without them", async () => {
    const seen: Headers[] = [];
    const spy: typeof fetch = async (url, init) => {
      seen.push(new Headers(init?.headers));
      return fetch(url, init);
    };
    const api = anthropicBatchApi(transport(batch.url), { fetch: spy });
    await api.recent();
    expect(Object.fromEntries(seen[0]!.entries())).toMatchObject({
      "x-api-key": KEY,
      "anthropic-version": "2023-06-01",
      "anthropic-dangerous-direct-browser-access": "true",
    });

    const noVersion = await fetch(`${batch.url}/messages/batches?limit=1`, { headers: { "x-api-key": KEY } });
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toMatchObject({ error: { type: "invalid_request_error", message: "anthropic-version: header is required" } });
    const browser = await fetch(`${batch.url}/messages/batches?limit=1`, {
      headers: { "x-api-key": KEY, "anthropic-version": "2023-06-01", origin: "https://page.example" },
    });
    expect(browser.status).toBe(401);
    expect(browser.headers.get("access-control-allow-origin")).toBeNull();
    expect((await browser.json()).error.message).toBe("CORS requests must set 'anthropic-dangerous-direct-browser-access' header");

    await expect(anthropicBatchApi({ ...transport(batch.url), apiKey: "sk-ant-wrong-1234" }).recent()).rejects.toMatchObject({
      status: 401,
      code: "authentication_error",
      message: "listing batches: invalid x-api-key",
    });
  });

  it("api.anthropic.com speaks Message Batches, other hosts Files + Batches; Anthropic refuses an embeddings batch in words", async () => {
    const urls: string[] = [];
    const recording: typeof fetch = async (url) => {
      urls.push(String(url));
      return new Response(JSON.stringify({ data: [] }), { status: 200, headers: { "content-type": "application/json" } });
    };
    const at = (baseURL: string) => parseTransportConfig({ baseURL, apiKey: KEY, model: "claude-judge", fetch: recording, maxRetries: 0 });
    await batchApiFor(at("https://api.anthropic.com/v1"), "chat").recent();
    await batchApiFor(at("https://api.anthropic.com"), "chat").recent();
    await batchApiFor(at("https://proxy.example/v1"), "chat", "anthropic").recent();
    await batchApiFor(at("https://api.openai.example/v1"), "chat").recent();
    expect(urls).toEqual([
      "https://api.anthropic.com/v1/messages/batches?limit=100",
      "https://api.anthropic.com/v1/messages/batches?limit=100",
      "https://proxy.example/v1/messages/batches?limit=100",
      "https://api.openai.example/v1/batches?limit=100",
    ]);
    // A run that embeds, with its embeddings at Anthropic: refused before anything is sent, naming the metrics.
    const before = batch.created.length;
    const config = transport(batch.url);
    const anthropic = anthropicBatchApi(config);
    await expect(
      runByBatch({
        units: batchSamples(2).map((sample) => ({ sample, metricIds: PAPER_METRIC_IDS })),
        plan: { hasEmbedder: true },
        config,
        apiFor: () => anthropic,
        store: memoryBatchState(),
        sleep: clockSleep,
      }),
    ).rejects.toThrow(`answer_relevancy: ${NO_EMBEDDINGS} (run without answer_relevancy)`);
    expect(batch.created.length).toBe(before);
    const embeddings = batchApiFor(at("https://api.anthropic.com/v1"), "embedding");
    const file = await embeddings.upload('{"custom_id":"a"}\n', "x.jsonl");
    await expect(embeddings.create(file.id, "/v1/embeddings", {})).rejects.toThrow(NO_EMBEDDINGS);
    // An embeddings server of their own keeps Files + Batches for them.
    const own = batchApiFor(parseTransportConfig({ ...at("https://api.anthropic.com/v1"), embeddingBaseURL: "https://embed.example/v1" }), "embedding");
    await own.recent();
    expect(urls.at(-1)).toBe("https://embed.example/v1/batches?limit=100");
  });
});
