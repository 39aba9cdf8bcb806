import { describe, expect, it } from "vitest";
import { targetSummary } from "../../../src/engine/target/latency";
import type { RowAsked } from "../../../src/storage/db/datasets";
import { runTargetOf, targetOutcomes } from "../../../src/storage/db/run-target";

/** Issue 29: a run started on answers "Ask your system" filled keeps where each came from, for its report. */

const row = (id: string, answer: string, asked?: RowAsked) => ({
  sample: { id, question: `q ${id}`, answer, contexts: [`c ${id}`] },
  ...(asked ? { asked } : {}),
});
const by = (job: string, at: number, more: Omit<RowAsked, "job" | "at">): RowAsked => ({ job, at, url: "http://rag.local/invoke", method: "POST", ...more });

const rows = [
  row("a", "A", by("job-2", 20, { ms: 100, status: 200, attempts: 1 })),
  row("b", "", by("job-2", 21, { ms: 300, status: 500, attempts: 4, error: "HTTP 500 (after 4 attempts)" })),
  row("c", "C", by("job-2", 22, { ms: 300, status: 200, attempts: 2 })),
  row("d", "D (imported)"),
  row("e", "E", by("job-1", 5, { ms: 50, status: 200, attempts: 1 })),
];

describe("a run's target", () => {
  it("is the latest ask job's target, with a stamp for each row it asked", () => {
    const target = runTargetOf(rows);
    expect(target).toEqual({
      url: "http://rag.local/invoke",
      method: "POST",
      stamps: {
        a: { status: 200, ms: 100, attempts: 1 },
        b: { status: 500, ms: 300, attempts: 4, error: "HTTP 500 (after 4 attempts)" },
        c: { status: 200, ms: 300, attempts: 2 },
      },
    });
    expect(runTargetOf([row("d", "D")])).toBeUndefined();
  });

  it("gives the report builder an outcome per sample, in order, and the summary its percentiles and error count", () => {
    const samples = rows.map((r) => r.sample);
    const outcomes = targetOutcomes(runTargetOf(rows)!, samples);
    expect(outcomes).toEqual([
      { answer: "A", contexts: ["c a"], status: 200, ms: 100, attempts: 1 },
      { error: { code: "target_error", message: "HTTP 500 (after 4 attempts)" }, status: 500, ms: 300, attempts: 4 },
      { answer: "C", contexts: ["c c"], status: 200, ms: 300, attempts: 2 },
      undefined,
      undefined,
    ]);
    const asked = outcomes.filter((o) => o !== undefined);
    // numpy.percentile([100, 300], [50, 95]) = [200, 290]
    expect(targetSummary(asked)).toEqual({ count: 3, errorCount: 1, p50Ms: 200, p95Ms: 290 });
  });
});
