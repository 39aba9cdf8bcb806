import { describe, expect, it } from "vitest";
import { CHRF_DEFAULTS, chrfOrders, computeChrf } from "../../../../src/engine/metrics/chrf/score";
import { fixture, TOLERANCE } from "./fixture";

describe("chrf equals sacreBLEU", () => {
  it.each(fixture.chrf.map((c, i) => [i, c.source, c] as const))("case %i (%s)", (_i, _source, c) => {
    const settings = { ...CHRF_DEFAULTS, ...c.options };
    const ours = computeChrf(chrfOrders(c.answer, c.reference, settings), settings);
    expect(Math.abs(ours - c.expected)).toBeLessThanOrEqual(TOLERANCE);
    if (c.published !== undefined) expect(Math.abs(c.expected - c.published)).toBeLessThan(1e-3);
  });

  it("counts code points, not UTF-16 units (an emoji is one character)", () => {
    const [unigrams] = chrfOrders("a😀", "a😀");
    expect(unigrams).toEqual({ n: 1, answer: 2, reference: 2, matches: 2 });
  });
});
