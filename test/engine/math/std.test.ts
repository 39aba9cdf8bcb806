import { describe, expect, it } from "vitest";
import { std } from "../../../src/engine/math/std";

describe("std", () => {
  it("is the sample standard deviation (n - 1)", () => {
    expect(std([0.2, 0.6, 0.9, 1])).toBeCloseTo(Math.sqrt((0.475 ** 2 + 0.075 ** 2 + 0.225 ** 2 + 0.325 ** 2) / 3), 12);
    expect(std([1, 1, 1])).toBe(0);
  });

  it("is null below two values: one score has no spread", () => {
    expect(std([0.5])).toBeNull();
    expect(std([])).toBeNull();
  });
});
