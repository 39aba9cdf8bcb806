import { describe, expect, it } from "vitest";
import { absoluteRow, pairScores, predict, tableRow, tally, wilson, pearson } from "../../../src/engine/agreement";
import type { AgreementPair } from "../../../src/engine/agreement";

const pair = (id: string, scoreA: number | null, scoreB: number | null, human: "a" | "b" = "a"): AgreementPair => ({
  id,
  a: `${id}:answer`,
  b: `${id}:ungrounded_answer`,
  human,
  scoreA,
  scoreB,
  predicted: predict(scoreA, scoreB),
});

describe("predict", () => {
  it("prefers the higher score and calls equal scores or any null a tie", () => {
    expect(predict(0.8, 0.5)).toBe("a");
    expect(predict(0.2, 0.9)).toBe("b");
    expect(predict(0.5, 0.5)).toBe("tie");
    expect(predict(null, 1)).toBe("tie");
    expect(predict(0, null)).toBe("tie");
    expect(predict(0, 0)).toBe("tie");
  });
});

describe("tally (contract 10: accuracy = (correct + ties / 2) / n)", () => {
  it("counts 6 right, 2 wrong and 2 ties of 10 as 0.7", () => {
    const pairs = [
      ...["1", "2", "3", "4", "5", "6"].map((id) => pair(id, 0.9, 0.1)),
      pair("7", 0.1, 0.9),
      pair("8", 0.2, 0.3),
      pair("9", 0.5, 0.5),
      pair("10", null, 0.4),
    ];
    const row = tableRow("ragas", "faithfulness", pairs);
    expect(row).toMatchObject({ n: 10, correct: 6, ties: 2, accuracy: 0.7 });
    expect(row.ci95[0]).toBeCloseTo(0.39677814746114537, 12);
    expect(row.ci95[1]).toBeCloseTo(0.8922087325936989, 12);
  });

  it("follows the human side: when people prefer b, predicting b is correct", () => {
    const t = tally([
      { predicted: "b", human: "b" },
      { predicted: "a", human: "b" },
      { predicted: "tie", human: "b" },
    ]);
    expect(t).toMatchObject({ n: 3, correct: 1, ties: 1, accuracy: 0.5 });
  });

  it("gives every tie half a point: all ties is 0.5, not 0", () => {
    expect(
      tally([
        { predicted: "tie", human: "a" },
        { predicted: "tie", human: "a" },
      ]).accuracy,
    ).toBe(0.5);
  });
});

describe("wilson (95% score interval)", () => {
  it("matches hand-computed values", () => {
    const [lo, hi] = wilson(0.5, 10);
    expect(lo).toBeCloseTo(0.236593090512564, 12);
    expect(hi).toBeCloseTo(0.7634069094874361, 12);
    const [lo1, hi1] = wilson(1, 10);
    expect(lo1).toBeCloseTo(0.7224672001371107, 12);
    expect(hi1).toBeCloseTo(1, 12);
    // The paper's faithfulness, 0.95 on 50 pairs.
    const [lo2, hi2] = wilson(0.95, 50);
    expect(lo2).toBeCloseTo(0.8514117547606583, 12);
    expect(hi2).toBeCloseTo(0.9843754060193188, 12);
  });

  it("says nothing for n = 0", () => {
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});

describe("pearson / point-biserial", () => {
  it("is 1 for a perfect line, null when one side is constant", () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearson([0.3, 0.3], [0, 1])).toBeNull();
    expect(pearson([0.3], [1])).toBeNull();
  });

  it("computes the point-biserial r of scores against 0/1 labels", () => {
    // means 0.55 and 0.6; sxy = 0.6, sxx = 0.55, syy = 1.2: r = 0.6 / sqrt(0.66)
    expect(pearson([1, 0.5, 0.5, 0, 0.75], [1, 1, 0, 0, 1])).toBeCloseTo(0.6 / Math.sqrt(0.66), 12);
  });
});

describe("absolute labels", () => {
  it("scores at or above the threshold predict 1; nulls count half and stay out of r", () => {
    const items = [
      { id: "1", sample: "1:answer", label: 1, score: 0.9, predicted: 1 as const },
      { id: "2", sample: "2:answer", label: 1, score: 0.8, predicted: 1 as const },
      { id: "3", sample: "3:answer", label: 0, score: 0.3, predicted: 0 as const },
      { id: "4", sample: "4:answer", label: 0, score: 0.6, predicted: 1 as const },
      { id: "5", sample: "5:answer", label: 1, score: null, predicted: null },
    ];
    const row = absoluteRow("ragas", "faithfulness", 0.5, items);
    expect(row).toMatchObject({ n: 5, correct: 3, ties: 1, accuracy: 0.7 });
    expect(row.correlation.kind).toBe("point_biserial");
    expect(row.correlation.n).toBe(4);
    expect(row.correlation.r).toBeCloseTo(pearson([0.9, 0.8, 0.3, 0.6], [1, 1, 0, 0])!, 12);
  });
});

describe("pairScores", () => {
  it("splits a ranking's one judgement into 1 and 0, and a failed one into a tie", () => {
    expect(pairScores("gpt_ranking", { score: 0, trace: { calls: [] } }, undefined)).toEqual([0, 1]);
    expect(pairScores("gpt_ranking", { score: null, error: { code: "llm_error", message: "x" }, trace: { calls: [] } }, undefined)).toEqual([null, null]);
    expect(pairScores("gpt_score", { score: 0.7, trace: { calls: [] } }, { score: 0.7, trace: { calls: [] } })).toEqual([0.7, 0.7]);
  });
});
