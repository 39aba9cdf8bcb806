import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBatchSession, type RunLocks } from "../../../../src/app/shared/batch/batch-session";
import { PAPER_METRIC_IDS } from "../../../../src/engine/metrics/types";
import { parseTransportConfig } from "../../../../src/llm/config";
import { idbBatchState, openBatchDb } from "../../../../src/storage/db/batches";
import { batchSamples } from "../../../llm/batch/batch-samples";
import { type BatchMock, startBatchMock } from "../../../mock/batch-server";

/**
 * Issue 18, "what it must show" 2, below the UI: a batch run in the page survives a reload (the
 * tab stops mid-round; a new session on the same IndexedDB polls the same batch and finishes),
 * and a second tab does not submit it again.
 */

let batch: BatchMock;
beforeAll(async () => {
  batch = await startBatchMock({ apiKey: "sk-session-key-1234" });
});
afterAll(() => batch.close());

const config = () => parseTransportConfig({ baseURL: batch.url, apiKey: "sk-session-key-1234", model: "mock-judge", embeddingModel: "mock-embedding" });
const units = batchSamples(6).map((sample) => ({ sample, metricIds: PAPER_METRIC_IDS }));

/** navigator.locks' ifAvailable semantics, for Node: a held name gives the callback null. */
function fakeLocks(): RunLocks {
  const held = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

describe("runBatchSession", () => {
  it("a reload mid-round polls the same batch and finishes; a second tab submits nothing", async () => {
    const db = await openBatchDb(`batch-session-${Math.random()}`);
    const before = batch.created.length;
    const locks = fakeLocks();

    // Tab 1: submits round 1, polls once, and the tab is closed.
    const closed = new AbortController();
    const first = runBatchSession({
      runKey: "run-1",
      units,
      plan: { hasEmbedder: true },
      config: config(),
      db,
      locks,
      signal: closed.signal,
      sleep: async () => {
        batch.advance(10_000);
        closed.abort();
      },
    });
    // Tab 2 opens the same run while tab 1 still drives it.
    const second = await runBatchSession({ runKey: "run-1", units, plan: { hasEmbedder: true }, config: config(), db, locks });
    expect(second).toEqual({ kind: "held-elsewhere" });
    await expect(first).rejects.toThrow("cancelled");
    expect(batch.created.length - before).toBe(1);
    expect((await idbBatchState(db, "run-1")).submitted()).toHaveLength(1);

    // The reload: a new session on the same database goes on from round 1's batch.
    const status: string[] = [];
    const resumed = await runBatchSession({
      runKey: "run-1",
      units,
      plan: { hasEmbedder: true },
      config: config(),
      db,
      locks,
      sleep: async (ms) => batch.advance(ms),
      onStatus: (line) => status.push(line),
    });
    expect(resumed.kind).toBe("finished");
    if (resumed.kind !== "finished") return;
    expect(resumed.pass.finished).toBe(30);
    expect(resumed.rounds).toBe(2);
    // Round 1 once, round 2's chat and embeddings batches: three in all.
    expect(batch.created.length - before).toBe(3);
    expect(status[0]).toMatch(/^round 1 chat \(\d+ requests\) batch-mock\d+: (in progress|finalizing|completed)/);

    const state = await idbBatchState(db, "run-1");
    expect(state.finished().size).toBe(3);
    await state.clear();
    expect((await idbBatchState(db, "run-1")).submitted()).toHaveLength(0);
  });
});
