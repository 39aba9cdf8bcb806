import { describe, expect, it } from "vitest";
import { displayStatus, entriesOf, recordEntry, resetEntries, useRuns } from "../../../src/app/runs/run-state";
import type { CallRecord, JournalEntry } from "../../../src/engine";
import type { RunMeta } from "../../../src/storage/db/runs";

const call = (promptTokens: number, completionTokens: number): CallRecord => ({
  kind: "chat",
  promptId: "faithfulness.statements",
  promptHash: "h",
  model: "judge-x",
  promptTokens,
  completionTokens,
  ms: 1,
  cached: false,
  attempts: 1,
});
const ok = (sampleId: string): JournalEntry => ({ sampleId, repeat: 0, metrics: { faithfulness: { score: 1, trace: { calls: [call(1000, 100)] } } } });
const failed = (sampleId: string): JournalEntry => ({
  sampleId,
  repeat: 0,
  metrics: { faithfulness: { score: null, error: { code: "llm_error", message: "503" }, trace: { calls: [call(500, 0)] } } },
});
const legit = (sampleId: string): JournalEntry => ({
  sampleId,
  repeat: 0,
  metrics: { faithfulness: { score: null, error: { code: "no_statements", message: "none" }, trace: { calls: [call(200, 10)] } } },
});
const prices = [{ model: "judge-x", input: 1, output: 10 }];

describe("run progress counters", () => {
  it("count finished, failed (retryable nulls only), tokens and cost, and a retry replaces its entry", () => {
    resetEntries("r1", [ok("a"), failed("b"), legit("c")], prices, { metrics: ["faithfulness"] });
    expect(useRuns.getState().counters.r1).toEqual({ finished: 3, failed: 1, tokens: 1100 + 500 + 210, usd: (1700 * 1 + 110 * 10) / 1e6, unpriced: [] });
    recordEntry("r1", ok("b"), prices);
    const c = useRuns.getState().counters.r1!;
    expect([c.finished, c.failed, c.tokens]).toEqual([3, 0, 1100 + 1100 + 210]);
    expect(entriesOf("r1").map((e) => e.metrics.faithfulness!.score)).toEqual([1, 1, null]);
  });

  it("a run that went by batch is priced at the batch column (or half the list price without one)", () => {
    const sync = { metrics: ["faithfulness" as const] };
    resetEntries("sync", [ok("a")], prices, sync);
    resetEntries("batch", [ok("a")], prices, { ...sync, byBatch: true });
    resetEntries("batch-column", [ok("a")], [{ ...prices[0]!, batchInput: 0.25, batchOutput: 2 }], { ...sync, byBatch: true });
    const usd = (id: string) => useRuns.getState().counters[id]!.usd;
    expect(usd("sync")).toBeCloseTo((1000 * 1 + 100 * 10) / 1e6, 15);
    expect(usd("batch")).toBeCloseTo((1000 * 0.5 + 100 * 5) / 1e6, 15);
    expect(usd("batch-column")).toBeCloseTo((1000 * 0.25 + 100 * 2) / 1e6, 15);
    // A retry replaces its entry at the same (batch) prices.
    recordEntry("batch", ok("a"), prices);
    expect(usd("batch")).toBeCloseTo((1000 * 0.5 + 100 * 5) / 1e6, 15);
  });

  it("a run stored as running that this page is not running shows as interrupted", () => {
    const meta = { id: "r1", status: "running" } as RunMeta;
    expect(displayStatus(meta, null)).toBe("interrupted");
    expect(displayStatus(meta, { runId: "r1", startedAt: 0, finishedAtStart: 0, stopping: null })).toBe("running");
    expect(displayStatus({ ...meta, status: "paused" }, null)).toBe("paused");
    // Another tab holds its lock: running there, not interrupted.
    expect(displayStatus(meta, null, ["r1"])).toBe("elsewhere");
  });

  it("a sample with only some of the run's metrics is not finished", () => {
    const both = (sampleId: string): JournalEntry => ({
      sampleId,
      repeat: 0,
      metrics: { ...ok(sampleId).metrics, context_recall: ok(sampleId).metrics.faithfulness! },
    });
    resetEntries("r2", [ok("a"), both("b")], prices, { metrics: ["faithfulness", "context_recall"] });
    expect(useRuns.getState().counters.r2!.finished).toBe(1);
    recordEntry("r2", both("a"), prices);
    expect(useRuns.getState().counters.r2!.finished).toBe(2);
  });
});
