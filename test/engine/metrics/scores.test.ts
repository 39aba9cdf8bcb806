import { describe, expect, it } from "vitest";
import { scoreAnswerRelevancy } from "../../../src/engine/metrics/answer_relevancy/score";
import { averagePrecision, precisionAtK, scoreContextPrecision } from "../../../src/engine/metrics/context_precision/score";
import { scoreContextRecall } from "../../../src/engine/metrics/context_recall/score";
import { scoreContextRelevance } from "../../../src/engine/metrics/context_relevance/score";
import { scoreFaithfulness } from "../../../src/engine/metrics/faithfulness/score";

const statements = (verdicts: (0 | 1)[]) => verdicts.map((verdict, i) => ({ text: `s${i}`, verdict, reason: "" }));

describe("faithfulness score", () => {
  it("is supported statements over statements: 3 of 5 = 0.6", () => {
    expect(scoreFaithfulness({ statements: statements([1, 0, 1, 1, 0]) }).score).toBeCloseTo(0.6, 12);
  });
  it("is null with no_statements when the answer makes no claim", () => {
    expect(scoreFaithfulness({ statements: [] })).toEqual({ score: null, error: { code: "no_statements", message: expect.stringContaining("no claim") } });
  });
});

describe("context precision (average precision)", () => {
  it.each([
    [[1, 0, 1, 0, 1], (1 + 2 / 3 + 3 / 5) / 3],
    [[0, 0, 0, 1, 1], 0.325],
    [[0, 1, 1], (1 / 2 + 2 / 3) / 2],
    [[0, 0, 0], 0],
  ] as [(0 | 1)[], number][])("%j -> %f", (verdicts, expected) => {
    expect(averagePrecision(verdicts)).toBeCloseTo(expected, 12);
  });
  it("[0,1,1] is 0.5833 to four places", () => {
    expect(averagePrecision([0, 1, 1]).toFixed(4)).toBe("0.5833");
  });
  it("is exactly 1.0 for a perfect ranking (no epsilon in the denominator)", () => {
    expect(averagePrecision([1, 1, 1, 0, 0])).toBe(1);
    expect(averagePrecision([1])).toBe(1);
  });
  it("gives precision@k per rank", () => {
    expect(precisionAtK([1, 0, 1])).toEqual([1, 0.5, 2 / 3]);
  });
  it("scores the trace in rank order whatever order it is stored in", () => {
    const contexts = [
      { index: 2, verdict: 1 as const, reason: "" },
      { index: 0, verdict: 0 as const, reason: "" },
      { index: 1, verdict: 1 as const, reason: "" },
    ];
    expect(scoreContextPrecision({ contexts }).score).toBeCloseTo(0.5833333333, 9);
  });
});

describe("context recall", () => {
  it("is attributed over statements: 2 of 3", () => {
    const s = [1, 1, 0].map((attributed, i) => ({ text: `r${i}`, attributed: attributed as 0 | 1, reason: "" }));
    expect(scoreContextRecall({ statements: s }).score).toBeCloseTo(2 / 3, 12);
  });
  it("is null with no_statements for an empty reference decomposition", () => {
    expect(scoreContextRecall({ statements: [] }).error?.code).toBe("no_statements");
  });
});

describe("context relevance", () => {
  it("is needed sentences over all sentences", () => {
    const sentences = [1, 0, 0, 1].map((relevant, i) => ({ text: `t${i}`, context: i < 2 ? 0 : 1, relevant: relevant as 0 | 1 }));
    expect(scoreContextRelevance({ sentences }).score).toBe(0.5);
  });
});

describe("answer relevancy", () => {
  const q = (similarity: number, noncommittal: 0 | 1 = 0) => ({ text: "q", similarity, noncommittal });
  it("is the mean similarity when the answer commits", () => {
    expect(scoreAnswerRelevancy({ questions: [q(0.9), q(0.8), q(0.7)] }).score).toBeCloseTo(0.8, 12);
  });
  it("keeps the mean when only some questions are noncommittal", () => {
    expect(scoreAnswerRelevancy({ questions: [q(0.9, 1), q(0.6), q(0.6)] }).score).toBeCloseTo(0.7, 12);
  });
  it("is 0 when every question is noncommittal", () => {
    expect(scoreAnswerRelevancy({ questions: [q(0.9, 1), q(0.95, 1)] }).score).toBe(0);
  });
  it("clamps a negative mean cosine to 0", () => {
    expect(scoreAnswerRelevancy({ questions: [q(-0.4), q(-0.2)] }).score).toBe(0);
  });
});
