import { describe, expect, it } from "vitest";
import { checkMetricResult } from "../../../src/storage/format/report-check";

/**
 * Before issue 26, factual_correctness in f1 mode scored an answer with no claim (a refusal) 0;
 * it is now null no_statements. A report or journal written before still opens with its score
 * as written, and nothing else gets through that door.
 */
const checked = (verdict: 0 | 1) => ({ text: "Einstein was born in 1879.", verdict });
const refusal = (over: Record<string, unknown> = {}) => ({
  mode: "f1",
  beta: 1,
  atomicity: "low",
  coverage: "low",
  claims: [],
  referenceClaims: [checked(0)],
  calls: [],
  ...over,
});

describe("factual correctness of a refusal in a report written before issue 26", () => {
  it("a 0 for an f1 refusal still opens", () => {
    expect(checkMetricResult("factual_correctness", { score: 0, trace: refusal() })).toBeUndefined();
  });

  it("any other score for it, or a 0 where the trace gives a score, is still refused", () => {
    expect(checkMetricResult("factual_correctness", { score: 0.5, trace: refusal() })?.message).toMatch(/^the score 0\.5 does not follow from its trace/);
    expect(checkMetricResult("factual_correctness", { score: 0, trace: refusal({ claims: [checked(1)], referenceClaims: [checked(1)] }) })?.path).toEqual([
      "score",
    ]);
    // Both sides empty was null before as it is now.
    expect(checkMetricResult("factual_correctness", { score: 0, trace: refusal({ referenceClaims: [] }) })?.path).toEqual(["score"]);
  });
});
