import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { CallRecord } from "../../../../src/engine/result";
import { flag, traceFields } from "../../../../src/engine/metrics/shared/trace-fields";
import { METRICS } from "../../../../src/engine/metrics/registry";

interface ExampleTrace {
  statements: { text: string; verdict: 0 | 1 }[];
  note?: string;
  calls: CallRecord[];
}

describe("traceFields", () => {
  it("ties a schema to its trace type at compile time (the type check fails on each line marked below)", () => {
    const ok = traceFields<ExampleTrace>()({ statements: z.array(z.object({ text: z.string(), verdict: flag })) });
    // @ts-expect-error a verdict of any number is wider than the trace's 0 | 1
    traceFields<ExampleTrace>()({ statements: z.array(z.object({ text: z.string(), verdict: z.number() })) });
    // @ts-expect-error a field the trace type does not have
    traceFields<ExampleTrace>()({ statements: z.array(z.object({ text: z.string(), verdict: flag })), extra: z.string() });
    // @ts-expect-error a text where the trace keeps a list
    traceFields<ExampleTrace>()({ statements: z.string() });
    expect(ok.safeParse({ statements: [{ text: "a", verdict: 1 }], calls: [], more: "kept" })).toEqual({
      success: true,
      data: { statements: [{ text: "a", verdict: 1 }], calls: [], more: "kept" },
    });
    expect(ok.safeParse({ statements: [{ text: "a", verdict: 2 }] }).success).toBe(false);
  });

  it("every built-in metric brings its trace schema and the words for what it is computed from", () => {
    for (const [id, metric] of Object.entries(METRICS)) {
      expect(metric.traceFields, id).toBeInstanceOf(z.ZodType);
      expect(metric.traceItems.length, id).toBeGreaterThan(0);
    }
  });
});
