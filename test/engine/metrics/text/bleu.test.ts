import { describe, expect, it } from "vitest";
import { bleuStats, clippedUnigramMarks } from "../../../../src/engine/metrics/bleu/score";
import { bleuTrace, sentenceBleu } from "../../../../src/engine/metrics/bleu/sentence";
import { bleuTokens, chooseBleuTokenizer, isZhSplitChar } from "../../../../src/engine/metrics/bleu/tokenize";
import { fixture, TOLERANCE } from "./fixture";

describe("bleu equals sacreBLEU", () => {
  it.each(fixture.bleu.map((c, i) => [i, c.source, c] as const))("case %i (%s)", (_i, _source, c) => {
    const ours = c.options
      ? sentenceBleu(c.answer, c.reference, c.options)
      : sentenceBleu(c.answer, c.reference, { tokenizer: chooseBleuTokenizer(c.answer, c.reference) });
    expect(Math.abs(ours - c.expected)).toBeLessThanOrEqual(TOLERANCE);
    // The published number is what sacreBLEU's own test asserts (to its own precision).
    if (c.published !== undefined) expect(Math.abs(c.expected - c.published)).toBeLessThan(0.01);
    if (c.tokenizer) expect(chooseBleuTokenizer(c.answer, c.reference)).toBe(c.tokenizer);
  });

  it("counts the n-grams sacreBLEU's statistics test publishes", () => {
    for (const c of fixture.bleuStats) {
      const stats = bleuStats(bleuTokens(c.answer, "none"), bleuTokens(c.reference, "none"));
      expect(stats.matches).toEqual(c.matches);
      expect(stats.totals).toEqual(c.totals);
    }
  });

  it("splits exactly the code points sacreBLEU's zh tokenizer splits (its table's quirks included)", () => {
    const inside = (cp: number) => fixture.zhTokenizerRanges.some(([lo, hi]) => cp >= lo && cp <= hi);
    for (let cp = 0; cp < 0x30000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (isZhSplitChar(String.fromCodePoint(cp)) !== inside(cp)) expect.fail(`U+${cp.toString(16)} differs`);
    }
  });

  it("tokenizes Chinese one character a token and English by 13a", () => {
    expect(bleuTrace("法国的首都是巴黎。", "巴黎").answerTokens).toEqual(["法", "国", "的", "首", "都", "是", "巴", "黎", "。"]);
    expect(bleuTrace("It's 3.14, isn't it?", "x").answerTokens).toEqual(["It's", "3.14", ",", "isn't", "it", "?"]);
    expect(bleuTrace("It's", "x").tokenizer).toBe("13a");
  });
});

describe("bleu's clipped unigram matches, token by token", () => {
  it("marks a token only as often as it is counted: 'the' x3 against 'the' x1 counts once", () => {
    const trace = bleuTrace("the the the cat sat", "the cat");
    expect(trace.matches[0]).toBe(2);
    expect(clippedUnigramMarks(trace.answerTokens, trace.referenceTokens)).toEqual([true, false, false, true, false]);
    expect(clippedUnigramMarks(trace.referenceTokens, trace.answerTokens)).toEqual([true, true]);
  });

  it("the marks on either side always number the clipped unigram count, Chinese included", () => {
    for (const [answer, reference] of [
      ["a a b b b c", "b a b d a a"],
      ["猫猫坐在垫子上，猫", "猫坐在垫子上"],
      ["", "x y"],
    ] as const) {
      const trace = bleuTrace(answer, reference);
      const count = (marks: boolean[]) => marks.filter(Boolean).length;
      expect(count(clippedUnigramMarks(trace.answerTokens, trace.referenceTokens))).toBe(trace.matches[0]);
      expect(count(clippedUnigramMarks(trace.referenceTokens, trace.answerTokens))).toBe(trace.matches[0]);
    }
  });
});
