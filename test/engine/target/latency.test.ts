import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { percentile, targetSummary } from "../../../src/engine/target/latency";

/** numpy's percentiles (test/fixtures/target/percentiles.py wrote the file). */
const reference = JSON.parse(readFileSync(new URL("../../fixtures/target/percentiles.json", import.meta.url), "utf8")) as {
  cases: { values: number[]; p50: number; p95: number }[];
};

describe("target latency percentiles", () => {
  it("match numpy's linear percentiles", () => {
    expect(reference.cases).toHaveLength(5);
    for (const c of reference.cases) {
      expect(percentile(c.values, 0.5)).toBeCloseTo(c.p50, 9);
      expect(percentile(c.values, 0.95)).toBeCloseTo(c.p95, 9);
    }
  });

  it("summarise answered samples' latency and count the failures apart", () => {
    const ok = (ms: number) => ({ answer: "a", contexts: [], status: 200, ms, attempts: 1 });
    const failed = { error: { code: "target_error" as const, message: "HTTP 500" }, status: 500, ms: 99_999, attempts: 4 };
    expect(targetSummary([ok(100), failed, ok(300), ok(200)])).toEqual({ count: 4, errorCount: 1, p50Ms: 200, p95Ms: 290 });
    expect(targetSummary([failed])).toEqual({ count: 1, errorCount: 1, p50Ms: null, p95Ms: null });
  });
});
