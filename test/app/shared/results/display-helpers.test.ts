import { describe, expect, test } from "vitest";
import type { CallRecord } from "../../../../src/engine";
import { estimateCost } from "../../../../src/storage/prices";
import { formatScore, formatUsd, nullCode, scoreLevel } from "../../../../src/app/shared/results/format";
import { segmentContext } from "../../../../src/app/shared/results/traces/highlight";
import { findPrice, type PriceRow } from "../../../../src/storage/prices";

const prices: PriceRow[] = [
  { model: "gpt-4o-mini", input: 0.15, output: 0.6 },
  { model: "text-embedding-3-small", input: 0.02, output: 0 },
];

const call = (over: Partial<CallRecord>): CallRecord => ({
  kind: "chat",
  promptId: "p",
  promptHash: "h",
  model: "gpt-4o-mini",
  promptTokens: 1_000_000,
  completionTokens: 1_000_000,
  ms: 1,
  cached: false,
  attempts: 1,
  ...over,
});

describe("segmentContext", () => {
  test("marks the judged sentences in place and keeps the text between them", () => {
    const text = "Paris is in France.  It has 2 million people.\nThe Seine flows through it.";
    const segments = segmentContext(text, [
      { text: "Paris is in France.", relevant: 0 },
      { text: "It has 2 million people.", relevant: 1 },
      { text: "The Seine flows through it.", relevant: 0 },
    ]);
    expect(segments?.map((s) => s.text).join("")).toBe(text);
    expect(segments?.filter((s) => s.relevant).map((s) => s.text)).toEqual(["It has 2 million people."]);
  });

  test("works for Chinese text without spaces", () => {
    const segments = segmentContext("大厦高632米。它于2015年建成。", [
      { text: "大厦高632米。", relevant: 1 },
      { text: "它于2015年建成。", relevant: 0 },
    ]);
    expect(segments).toEqual([
      { text: "大厦高632米。", relevant: true },
      { text: "它于2015年建成。", relevant: false },
    ]);
  });

  test("returns null when a sentence is not in the text verbatim (the view then lists sentences)", () => {
    expect(segmentContext("Alpha. Beta.", [{ text: "Gamma.", relevant: 1 }])).toBeNull();
  });

  test("keeps markup-looking text as text", () => {
    const segments = segmentContext("<img src=x onerror=alert(1)> is text.", [{ text: "<img src=x onerror=alert(1)> is text.", relevant: 1 }]);
    expect(segments?.[0]?.text).toBe("<img src=x onerror=alert(1)> is text.");
  });
});

describe("cost estimate", () => {
  test("prices each call by its model, skips cached calls, names unpriced models", () => {
    const estimate = estimateCost(
      [call({}), call({ cached: true }), call({ kind: "embedding", model: "text-embedding-3-small", completionTokens: 0 }), call({ model: "llama3" })],
      prices,
    );
    expect(estimate.usd).toBeCloseTo(0.15 + 0.6 + 0.02, 10);
    expect(estimate.unpriced).toEqual(["llama3"]);
  });

  test("finds a price through a router prefix or a dated suffix", () => {
    expect(findPrice(prices, "openai/gpt-4o-mini")?.model).toBe("gpt-4o-mini");
    expect(findPrice(prices, "gpt-4o-mini-2024-07-18")?.model).toBe("gpt-4o-mini");
    expect(findPrice(prices, "gpt-4o")).toBeUndefined();
  });
});

describe("formatting", () => {
  test("two decimals, never NaN", () => {
    expect(formatScore(0.756)).toBe("0.76");
    expect(formatScore(1)).toBe("1.00");
    expect(formatScore(Number.NaN)).not.toMatch(/NaN/);
  });

  test("one dash for no score wherever a score is shown (the explorer, the comparison and the HTML viewer write the same)", () => {
    expect(formatScore(null)).toBe("—");
    expect(formatScore(undefined)).toBe("—");
    expect(formatScore(Number.NaN)).toBe("—");
    // A raw cosine or an effect size may be negative: the sign stays.
    expect(formatScore(-0.123)).toBe("-0.12");
  });

  test('a null score shows its error code, or "null" where none came', () => {
    expect(nullCode({ error: { code: "missing_input" } })).toBe("missing_input");
    expect(nullCode({})).toBe("null");
  });

  test("bands come with words", () => {
    expect(scoreLevel(0.85)).toBe("high");
    expect(scoreLevel(0.5)).toBe("medium");
    expect(scoreLevel(0.1)).toBe("low");
  });

  test("small costs stay readable", () => {
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(0.00123)).toBe("$0.0012");
    expect(formatUsd(2.5)).toBe("$2.50");
  });
});
