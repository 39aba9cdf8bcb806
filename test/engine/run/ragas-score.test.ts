import { describe, expect, it } from "vitest";
import { countsInRagasScore, ragasScoreOfMeans, summarize, type MetricResult } from "../../../src/engine";
import type { SampleResult } from "../../../src/engine/run/aggregate";

const scoredAs = (score: number): MetricResult => ({ score, trace: { calls: [] } });

describe("the RAGAS score counts the judged metrics only", () => {
  it("leaves the metrics that need no judge out of the harmonic mean", () => {
    for (const id of ["bleu", "chrf", "rouge_l", "string_similarity", "exact_match", "string_presence"]) expect(countsInRagasScore(id), id).toBe(false);
    for (const id of ["faithfulness", "answer_relevancy", "context_recall", "custom:politeness"]) expect(countsInRagasScore(id), id).toBe(true);
    // An exact match of 0 would make it 0; it is not in it.
    expect(
      ragasScoreOfMeans([
        ["faithfulness", 0.5],
        ["context_recall", 1],
        ["exact_match", 0],
      ]),
    ).toBeCloseTo(2 / (1 / 0.5 + 1), 12);
    expect(
      ragasScoreOfMeans([
        ["bleu", 0.3],
        ["rouge_l", 0.6],
      ]),
    ).toBeNull();
  });

  it("in a run's summary too, while each text metric keeps its own mean", () => {
    const results: SampleResult[] = [{ sampleId: "a", metrics: { faithfulness: scoredAs(0.5), context_recall: scoredAs(1), exact_match: scoredAs(0) } }];
    const summary = summarize(results, ["faithfulness", "context_recall", "exact_match"]);
    expect(summary.metrics.exact_match?.mean).toBe(0);
    expect(summary.ragasScore).toBeCloseTo(2 / 3, 12);
  });
});
