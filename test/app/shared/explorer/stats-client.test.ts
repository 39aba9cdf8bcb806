import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { scoresOf } from "../../../../src/app/shared/explorer/comparison-model";
import { rowsOf } from "../../../../src/app/shared/explorer/rows";
import { compareInWorker, intervalsInWorker } from "../../../../src/app/shared/explorer/stats-client";
import { runStatsJob } from "../../../../src/app/shared/explorer/stats-jobs";
import type { StatsReply, StatsRequest } from "../../../../src/app/shared/explorer/stats-protocol";
import { intervalInputs } from "../../../../src/app/shared/explorer/summary-model";
import { worseCandidatePair } from "./paired-reports";
import { scoredReport, spreadScores } from "./scored-report";

/**
 * The explorer's statistics through their worker, in Node: the real client, the real worker module
 * (loaded into a stand-in `self`) and between them a Worker that carries each message as a
 * structured clone, delivered later. Small jobs stay on this thread; large ones go to the worker
 * and come back with the same numbers.
 */
const posted: StatsRequest[] = [];
const replies: StatsReply[] = [];
const made: string[] = [];
const scope: { onmessage: ((event: { data: StatsRequest }) => void) | null; postMessage(reply: StatsReply): void } = {
  onmessage: null,
  postMessage: (reply) => {
    replies.push(reply);
    const copy = structuredClone(reply);
    const to = fake;
    setTimeout(() => to?.onmessage?.({ data: copy } as MessageEvent<StatsReply>), 0);
  },
};
let fake: FakeWorker | null = null;
class FakeWorker {
  onmessage: ((event: MessageEvent<StatsReply>) => void) | null = null;
  terminated = false;
  constructor(url: URL | string) {
    made.push(String(url));
  }
  postMessage(message: StatsRequest): void {
    posted.push(message);
    const copy = structuredClone(message);
    setTimeout(() => {
      // The worker module answers the worker that asked (one stand-in `self` serves them all); a terminated one never answers.
      if (this.terminated) return;
      fake = this;
      scope.onmessage?.({ data: copy });
    }, 0);
  }
  terminate(): void {
    this.terminated = true;
  }
}

const big = scoredReport(spreadScores(500));
const bigInputs = intervalInputs(rowsOf(big), ["faithfulness"], { faithfulness: 0.5 }, null);

beforeAll(async () => {
  vi.stubGlobal("self", scope);
  vi.stubGlobal("Worker", FakeWorker);
  await import("../../../../src/app/shared/explorer/stats.worker");
});
afterAll(() => vi.unstubAllGlobals());

describe("the statistics worker", () => {
  it("a small job (30 pairs) runs on this thread: nothing posted", async () => {
    const { base, candidate } = worseCandidatePair();
    const input = {
      base: scoresOf(base, ["faithfulness"]),
      candidate: scoresOf(candidate, ["faithfulness"]),
      metrics: ["faithfulness" as const],
      alpha: 0.05,
      minEffect: 0,
    };
    const rows = await compareInWorker(input);
    expect(rows[0]).toMatchObject({ metric: "faithfulness", n: 29, verdict: "worse" });
    expect(made).toEqual([]);
    expect(posted).toEqual([]);
  });

  it("500 scores go to one module worker and come back with this thread's numbers (interval, pass rate)", async () => {
    const here = runStatsJob({ kind: "intervals", inputs: bigInputs });
    const there = await intervalsInWorker(bigInputs);
    expect(here.kind === "intervals" && there).toEqual(here.result);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/\/src\/app\/shared\/explorer\/stats\.worker\.ts$/);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.job.kind).toBe("intervals");
    // 490 scores, 10 nulls: the interval is a bootstrap, the pass rate counts every row (a null fails).
    expect(there.faithfulness!.ciMethod).toBe("bootstrap");
    const scores = bigInputs[0]!.scores;
    const mean = scores.filter((s): s is number => s !== null).reduce((a, b) => a + b, 0) / 490;
    expect(there.faithfulness!.ci95![0]).toBeLessThan(mean);
    expect(there.faithfulness!.ci95![1]).toBeGreaterThan(mean);
    expect(there.faithfulness!.passRate).toMatchObject({ all: 500, pass: scores.filter((s) => s !== null && s >= 0.5).length, threshold: 0.5 });
  });

  it("a comparison of two 500-sample runs goes through the worker too (Maps survive the structured clone)", async () => {
    const other = scoredReport(spreadScores(500).map((s) => (s === null ? null : Math.min(1, s + 0.05))));
    const input = {
      base: scoresOf(big, ["faithfulness"]),
      candidate: scoresOf(other, ["faithfulness"]),
      metrics: ["faithfulness" as const],
      alpha: 0.05,
      minEffect: 0,
    };
    const rows = await compareInWorker(input);
    expect(posted.at(-1)!.job.kind).toBe("compare");
    expect(rows).toEqual(runStatsJob({ kind: "compare", input }).result);
    expect(rows[0]).toMatchObject({ n: 490, verdict: "better" });
    // Its own worker: intervals never wait behind a comparison.
    expect(made).toHaveLength(2);
  });

  it("a new comparison supersedes the one still running: that worker is terminated, its promise rejects, the new one answers", async () => {
    const other = scoredReport(spreadScores(500).map((s) => (s === null ? null : Math.max(0, s - 0.05))));
    const input = (minEffect: number) => ({
      base: scoresOf(big, ["faithfulness"]),
      candidate: scoresOf(other, ["faithfulness"]),
      metrics: ["faithfulness" as const],
      alpha: 0.05,
      minEffect,
    });
    const first = compareInWorker(input(0));
    const second = compareInWorker(input(0.5));
    await expect(first).rejects.toThrow("superseded by a newer job");
    const rows = await second;
    // A minimum effect of 0.5 leaves a 0.05 drop without a verdict.
    expect(rows[0]).toMatchObject({ verdict: "no detectable difference" });
    expect(made).toHaveLength(3);
  });
});
