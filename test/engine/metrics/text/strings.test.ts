import { describe, expect, it } from "vitest";
import { exactMatchTrace, scoreExactMatch } from "../../../../src/engine/metrics/exact_match/score";
import { scoreStringPresence, stringPresenceTrace } from "../../../../src/engine/metrics/string_presence/score";
import { levenshteinTrace, scoreStringSimilarity } from "../../../../src/engine/metrics/string_similarity/score";
import { fixture, TOLERANCE } from "./fixture";

describe("string metrics equal rapidfuzz and ragas", () => {
  it.each(fixture.strings.map((c, i) => [i, c] as const))("case %i", (_i, c) => {
    expect(Math.abs(scoreStringSimilarity(levenshteinTrace(c.answer, c.reference)).score! - c.similarity)).toBeLessThanOrEqual(TOLERANCE);
    expect(scoreExactMatch(exactMatchTrace(c.answer, c.reference)).score).toBe(c.exactMatch);
    expect(scoreStringPresence(stringPresenceTrace(c.answer, c.reference)).score).toBe(c.stringPresence);
  });

  it("traces where texts differ and where the reference occurs, in characters", () => {
    expect(exactMatchTrace("Paris ", "Paris")).toEqual({ match: 0, firstDifference: 5 });
    expect(stringPresenceTrace("😀 巴黎是首都", "巴黎")).toEqual({ present: 1, at: 2 });
    expect(levenshteinTrace("a😀b", "a😁b")).toEqual({ distance: 1, answerLength: 3, referenceLength: 3 });
  });
});
