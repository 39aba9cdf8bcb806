import { describe, expect, it } from "vitest";
import { passOf, thresholdProblem, thresholdsAsScored, thresholdsOf } from "../../../../src/app/shared/metric-picker/thresholds";

describe("thresholds as typed beside each metric (contract 14)", () => {
  it("a threshold is empty (none) or a number from 0 to 1", () => {
    expect(["", "  ", "0", "1", "0.8", ".75"].map(thresholdProblem)).toEqual([false, false, false, false, false, false]);
    expect(["-0.1", "1.01", "abc", "0.8x", "Infinity"].map(thresholdProblem)).toEqual([true, true, true, true, true]);
  });

  it("only the ticked metrics' valid thresholds are run with", () => {
    const raw = { faithfulness: "0.8", context_recall: "", answer_relevancy: "2", bleu: "0.3" };
    expect(thresholdsOf(raw, ["faithfulness", "context_recall", "answer_relevancy"])).toEqual({ faithfulness: 0.8 });
    expect(thresholdsOf(raw, ["bleu", "faithfulness"])).toEqual({ bleu: 0.3, faithfulness: 0.8 });
  });

  it("a result passes at or above, a lower-is-better one at or below; a null fails; no threshold, no mark", () => {
    const raw = { faithfulness: "0.8", noise_sensitivity: "0.2", bleu: "", context_recall: "7" };
    expect([0.8, 0.79, 1, null].map((s) => passOf("faithfulness", s, raw))).toEqual([true, false, true, false]);
    expect([0.2, 0.21, 0, null].map((s) => passOf("noise_sensitivity", s, raw))).toEqual([true, false, true, false]);
    expect(passOf("bleu", 0.5, raw)).toBeUndefined();
    expect(passOf("context_recall", 0.5, raw)).toBeUndefined();
    expect(passOf("answer_relevancy", 0.5, raw)).toBeUndefined();
  });

  it("a reopened history entry's metrics get the thresholds they were scored with; an entry that kept none leaves the form", () => {
    const form = { faithfulness: "0.5", context_recall: "0.9", bleu: "0.3" };
    const reopened = thresholdsAsScored(["faithfulness", "context_recall"], { faithfulness: 0.8 }, form);
    // faithfulness as scored, context_recall had none then, bleu (not in the entry) as typed.
    expect(reopened).toEqual({ faithfulness: "0.8", context_recall: "", bleu: "0.3" });
    expect([0.79, 0.8].map((s) => passOf("faithfulness", s, reopened))).toEqual([false, true]);
    expect(passOf("context_recall", 0.1, reopened)).toBeUndefined();
    expect(thresholdsAsScored(["faithfulness"], undefined, form)).toEqual(form);
  });
});
