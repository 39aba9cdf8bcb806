import { describe, expect, it } from "vitest";
import { porterStem } from "../../../../src/engine/metrics/rouge_l/porter";
import { lcsLength, lcsMarks, rougeLParts } from "../../../../src/engine/metrics/rouge_l/score";
import { rougeTokens } from "../../../../src/engine/metrics/rouge_l/tokenize";
import { fixture, TOLERANCE } from "./fixture";

describe("rouge_l equals rouge-score", () => {
  it.each(fixture.rougeL.map((c, i) => [i, c.source, c] as const))("case %i (%s)", (_i, _source, c) => {
    const a = rougeTokens(c.answer, c.stem);
    const r = rougeTokens(c.reference, c.stem);
    if (c.answerTokens) expect(a).toEqual(c.answerTokens);
    if (c.referenceTokens) expect(r).toEqual(c.referenceTokens);
    const ours = rougeLParts(a.length, r.length, lcsLength(r, a)).f1;
    expect(Math.abs(ours - c.expected)).toBeLessThanOrEqual(TOLERANCE);
    if (c.published !== undefined) expect(Math.abs(c.expected - c.published)).toBeLessThan(1e-5);
  });

  it("scores Chinese where rouge-score drops it (each CJK character a token)", () => {
    const chinese = fixture.rougeL.filter((c) => c.rougeScoreDropsCjk !== undefined);
    expect(chinese.length).toBeGreaterThan(3);
    expect(chinese.some((c) => c.rougeScoreDropsCjk === 0 && c.expected > 0.5)).toBe(true);
  });

  it(`stems ${fixture.porter.length} words exactly as NLTK's PorterStemmer`, () => {
    const wrong = fixture.porter.filter(([word, stem]) => porterStem(word) !== stem).map(([word, stem]) => `${word}: ${porterStem(word)} != ${stem}`);
    expect(wrong).toEqual([]);
  });

  it("keeps object keys out of the irregular-forms pool", () => {
    expect(porterStem("constructor")).toBe("constructor");
  });
});

describe("rouge_l's common subsequence, token by token", () => {
  it("marks one longest common subsequence: as many tokens on each side as the lcs counts, in order", () => {
    const a = ["the", "cat", "the", "mat", "sat"];
    const b = ["the", "mat", "cat", "sat"];
    const marks = lcsMarks(a, b);
    expect(lcsLength(a, b)).toBe(3);
    expect(marks.answer.filter(Boolean)).toHaveLength(3);
    expect(marks.reference.filter(Boolean)).toHaveLength(3);
    // The marked tokens read the same on both sides: they are the subsequence.
    expect(a.filter((_, i) => marks.answer[i])).toEqual(b.filter((_, j) => marks.reference[j]));
  });

  it("holds for repeated and Chinese tokens, and for an empty side", () => {
    for (const [a, b] of [
      [Array.from("猫坐在垫子上猫"), Array.from("猫猫在上")],
      [["x", "x", "x"], ["x"]],
      [[], ["y"]],
    ] as const) {
      const marks = lcsMarks(a, b);
      expect(marks.answer.filter(Boolean)).toHaveLength(lcsLength(a, b));
      expect(a.filter((_, i) => marks.answer[i])).toEqual(b.filter((_, j) => marks.reference[j]));
    }
  });
});
