import { describe, expect, it } from "vitest";
import { recomputeResultScore } from "../../../src/engine/agreement";

/**
 * An agreement file is untrusted: a baseline's score is recomputed from a trace that may have been
 * edited by hand. A trace without what the score is computed from gives no score (the checker then
 * names the mismatch); it never crashes the check.
 */
describe("recomputeResultScore on a baseline's trace", () => {
  it("recomputes a ranking from the shown order and the choice, a rating from rating and scale", () => {
    expect(recomputeResultScore("gpt_ranking", "faithfulness", { score: 0, trace: { order: ["b", "a"], choice: 1, chosen: "b", calls: [] } })).toBe(0);
    expect(recomputeResultScore("gpt_ranking", "faithfulness", { score: 1, trace: { order: ["b", "a"], choice: 2, chosen: "a", calls: [] } })).toBe(1);
    expect(recomputeResultScore("gpt_score", "faithfulness", { score: 0.8, trace: { rating: 9, scale: [1, 11], calls: [] } })).toBeCloseTo(0.8);
  });

  it("gives null, not a crash, when the trace lacks or garbles what the score is computed from", () => {
    expect(recomputeResultScore("gpt_ranking", "faithfulness", { score: 1, trace: { calls: [] } })).toBeNull();
    expect(recomputeResultScore("gpt_ranking", "faithfulness", { score: 1, trace: { order: ["a", "c"], choice: 3, calls: [] } })).toBeNull();
    expect(recomputeResultScore("gpt_score", "faithfulness", { score: 0.5, trace: { rating: "9", scale: [1, 11], calls: [] } })).toBeNull();
    expect(recomputeResultScore("gpt_score", "faithfulness", { score: 0.5, trace: null })).toBeNull();
  });
});
