import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "../../../src/engine";
import { type AnyMetricId, PAPER_METRIC_IDS } from "../../../src/engine/metrics/types";
import { openAiBatchApi } from "../../../src/llm/batch/batch-api";
import type { BatchStateStore } from "../../../src/engine/run/batch-records";
import { memoryBatchState } from "../../../src/llm/batch/batch-state";
import { cancelBatches, runByBatch } from "../../../src/llm/batch/run-batch";
import { parseTransportConfig } from "../../../src/llm/config";
import { createEmbedder } from "../../../src/llm/embedder";
import { createJudge } from "../../../src/llm/judge";
import { type BatchMock, startBatchMock } from "../../mock/batch-server";
import { type MockServer, startMockServer } from "../../mock/server";
import { batchSamples, withoutUsage, withoutUsageOrSharing } from "./batch-samples";

let batch: BatchMock;
let sync: MockServer;
beforeAll(async () => {
  batch = await startBatchMock({ apiKey: "sk-batch-test-key" });
  sync = await startMockServer({ apiKey: "sk-batch-test-key" });
});
afterAll(async () => {
  await batch.close();
  await sync.close();
});

const transport = (url: string) =>
  parseTransportConfig({ baseURL: url, apiKey: "sk-batch-test-key", model: "mock-judge", embeddingModel: "mock-embedding", maxRetries: 0 });

/** The client's waits move the mock's clock: a 24-hour window passes in milliseconds. */
const clockSleep = async (ms: number) => batch.advance(ms);

async function byBatch(n: number, more: Partial<Parameters<typeof runByBatch>[0]> = {}) {
  const config = transport(batch.url);
  const api = openAiBatchApi(config);
  const store = memoryBatchState();
  const status: string[] = [];
  const units = batchSamples(n).map((sample) => ({ sample, metricIds: PAPER_METRIC_IDS }));
  const out = await runByBatch({
    units,
    plan: { hasEmbedder: true },
    config,
    apiFor: () => api,
    store,
    sleep: clockSleep,
    onStatus: (l) => status.push(l),
    ...more,
  });
  return { out, status, store };
}

describe("runByBatch against the batch mock", () => {
  it("gives the sync run's scores and traces, in two rounds, one batch per endpoint and round", async () => {
    const created = batch.created.length;
    const { out, status } = await byBatch(24);
    const config = transport(sync.url);
    const syncRun = await evaluate(batchSamples(24), PAPER_METRIC_IDS, { judge: createJudge(config), embedder: createEmbedder(config), concurrency: 8 });
    expect(withoutUsage(out.pass.results)).toEqual(withoutUsage(syncRun.results));
    expect(out.pass.results.flatMap((r) => Object.values(r.metrics)).filter((m) => m !== undefined && m.score !== null).length).toBeGreaterThan(90);
    expect(out.rounds).toBe(2);
    // Round 1: chat; round 2: chat (verdicts) + embeddings.
    expect(batch.created.length - created).toBe(3);
    expect(status.some((l) => /^round 1 chat \(\d+ requests\) batch-mock\d+: in progress \d+ \/ \d+/.test(l))).toBe(true);
    expect(status.some((l) => /^round 2 embeddings \(24 requests\) .*: completed 24 \/ 24/.test(l))).toBe(true);
  });

  it("the newer metrics give the sync run's results too; a request two metrics share goes once; text metrics send nothing", async () => {
    const metricIds = [
      "faithfulness",
      "answer_correctness",
      "factual_correctness",
      "noise_sensitivity",
      "context_entity_recall",
      "semantic_similarity",
      "bleu",
      "rouge_l",
      "exact_match",
    ] as const satisfies readonly AnyMetricId[];
    const before = batch.created.length;
    const { out } = await byBatch(8, { units: batchSamples(8).map((sample) => ({ sample, metricIds })) });
    const config = transport(sync.url);
    sync.resetLog();
    let syncChat = 0;
    let syncEmbed = 0;
    const counting = createJudge(config);
    const embedder = createEmbedder(config);
    const syncRun = await evaluate(batchSamples(8), metricIds, {
      judge: {
        complete: (r) => {
          syncChat++;
          return counting.complete(r);
        },
      },
      embedder: {
        embed: (r) => {
          syncEmbed++;
          return embedder.embed(r);
        },
      },
      concurrency: 8,
    });
    expect(withoutUsageOrSharing(out.pass.results)).toEqual(withoutUsageOrSharing(syncRun.results));
    const metrics = out.pass.results.flatMap((r) => Object.entries(r.metrics));
    expect(metrics).toHaveLength(8 * metricIds.length);
    // faithfulness, answer_correctness and noise_sensitivity split the answer with the same request:
    // the batches hold exactly the requests the sync run sent, once each.
    const lines = batch.created.slice(before).flatMap((b) => b.customIds);
    expect(new Set(lines).size).toBe(lines.length);
    // Samples that share a context ask some requests alike: the sync run sends each every time
    // (no reply cache here), a batch once (issue 26).
    const distinctSync = new Set(sync.log.filter((r) => r.kind === "chat" || r.kind === "embedding").map((r) => JSON.stringify([r.kind, r.body])));
    expect(syncChat + syncEmbed).toBeGreaterThan(distinctSync.size);
    expect(lines).toHaveLength(distinctSync.size);
    // Each line is billed once: the results hold one sent copy per line, the rest marked cached.
    const sent = out.pass.results.flatMap((r) => Object.values(r.metrics).flatMap((m) => m!.trace.calls.filter((c) => !c.cached)));
    expect(sent).toHaveLength(lines.length);
    // The text metrics are scored from the sample alone: no call, no custom_id.
    for (const [id, result] of metrics) {
      if (["bleu", "rouge_l", "exact_match"].includes(id)) {
        expect(result!.trace.calls).toEqual([]);
        // Scored, or (no reference in this sample) a missing_input null: never a request.
        expect(typeof result!.score === "number" || result!.error?.code === "missing_input").toBe(true);
        expect(lines.some((l) => l.includes(`:${id}:`))).toBe(false);
      }
    }
    expect(metrics.filter(([, m]) => m!.score !== null).length).toBeGreaterThan(8 * 6);
  });

  it("splits a round to the provider's limits and halves a file the provider refuses for its size", async () => {
    batch.configure({ maxBytes: 25_000 });
    try {
      const before = batch.created.length;
      const { out, status } = await byBatch(12, { limits: { maxRequests: 20, maxBytes: 200_000_000 } });
      const sizes = batch.created.slice(before).map((b) => b.customIds.length);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(20);
      expect(status.some((l) => /refused a \d+-request file as too large/.test(l))).toBe(true);
      expect(out.pass.finished).toBe(60);
      expect(batch.log.some((r) => r.path === "/files" && r.status === 400)).toBe(true);
    } finally {
      batch.configure({ maxBytes: 200_000_000 });
    }
  });

  it("a line-level error and an expired batch become llm_error nulls in the provider's words; polling survives a lost connection", async () => {
    batch.configure({
      lineFault: (id) =>
        id.startsWith("s002:faithfulness:statements") ? { status: 500, message: "The server had an error processing this line." } : undefined,
    });
    batch.dropPolls(3);
    try {
      const { out } = await byBatch(4);
      const faith = out.pass.results[1]!.metrics.faithfulness!;
      expect(faith.error).toEqual({ code: "llm_error", message: "The batch line failed with HTTP 500: The server had an error processing this line." });
      expect(out.pass.results[0]!.metrics.faithfulness!.score).not.toBeNull();
      expect(batch.log.filter((r) => r.status === -1)).toHaveLength(3);

      batch.configure({ lineFault: undefined, expireAt: 0.5 });
      const expired = await byBatch(4);
      const codes = expired.out.pass.results.flatMap((r) => Object.values(r.metrics)).map((m) => m?.error?.message ?? "scored");
      expect(
        codes.filter((c) => c.includes("(batch_expired): This request could not be executed before the completion window expired.")).length,
      ).toBeGreaterThan(0);
      expect(codes.filter((c) => c === "scored").length).toBeGreaterThan(0);
    } finally {
      batch.configure({ lineFault: undefined, expireAt: undefined });
    }
  });

  it("a batch created by a process killed before it was recorded is found again by its metadata, not submitted twice, through lost connections", async () => {
    const config = transport(batch.url);
    const api = openAiBatchApi(config);
    const units = batchSamples(3).map((sample) => ({ sample, metricIds: PAPER_METRIC_IDS }));
    const store = memoryBatchState();
    // The "kill": the provider created the batch, the state never heard of it.
    const dying: BatchStateStore = { ...store, recordSubmitted: async () => Promise.reject(new Error("killed")) };
    const before = batch.created.length;
    await expect(runByBatch({ units, plan: { hasEmbedder: true }, config, apiFor: () => api, store: dying, sleep: clockSleep })).rejects.toThrow("killed");
    expect(batch.created.length - before).toBe(1);
    // The resume's first look at the provider (the list of batches) and a results download lose
    // their connections: each is asked again, and the run still finds round 1 instead of resubmitting it.
    const cutBefore = batch.log.filter((r) => r.status === -1).length;
    batch.dropReads(2);
    const out = await runByBatch({ units, plan: { hasEmbedder: true }, config, apiFor: () => api, store, sleep: clockSleep, resuming: true });
    expect(out.pass.finished).toBe(15);
    const cut = batch.log.filter((r) => r.status === -1).slice(cutBefore);
    expect(cut.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /batches", "GET /batches"]);
    // Round 1 was found again; only round 2's two batches are new.
    expect(batch.created.length - before).toBe(3);
    const ids = batch.created.slice(before).flatMap((b) => b.customIds);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("cancels the batches still running; their unanswered lines come back as cancelled", async () => {
    const config = transport(batch.url);
    const api = openAiBatchApi(config);
    const store = memoryBatchState();
    const units = batchSamples(2).map((sample) => ({ sample, metricIds: PAPER_METRIC_IDS }));
    const controller = new AbortController();
    let cancelled: string[] = [];
    const sleep = async () => {
      // While round 1 is in flight: the user presses Cancel.
      batch.advance(10_000);
      if (!controller.signal.aborted) {
        cancelled = (await cancelBatches(store, () => api)).map((b) => b.status);
        controller.abort();
      }
    };
    await expect(runByBatch({ units, plan: { hasEmbedder: true }, config, apiFor: () => api, store, sleep, signal: controller.signal })).rejects.toThrow(
      "cancelled",
    );
    expect(cancelled).toEqual(["cancelling"]);
    const after = await api.retrieve(store.submitted()[0]!.batchId);
    batch.advance(5_000);
    expect((await api.retrieve(after.id)).status).toBe("cancelled");
  });
});
