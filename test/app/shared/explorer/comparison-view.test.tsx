// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ComparisonStats } from "../../../../src/app/shared/explorer/ComparisonStats";
import { comparisonOf, scoresOf } from "../../../../src/app/shared/explorer/comparison-model";
import { useApp } from "../../../../src/app/shared/store";
import { render, type Rendered, until } from "../../render";
import { worseCandidatePair } from "./paired-reports";

const { base, candidate } = worseCandidatePair();
const metrics = ["faithfulness", "exact_match"] as const;
let view: Rendered | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
  act(() => useApp.setState({ lang: "en" }));
});

const cell = (id: string) => view!.container.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;

describe("the comparison's numbers (contract 14, through the engine)", () => {
  const rows = comparisonOf({
    base: scoresOf(base, [...metrics]),
    candidate: scoresOf(candidate, [...metrics]),
    metrics: [...metrics],
    alpha: 0.05,
    minEffect: 0,
  });
  const [faith, match] = rows;

  it("pairs by sample id, leaves out and counts a null on either side", () => {
    expect(faith).toMatchObject({ metric: "faithfulness", n: 29, nullPairs: 1, test: "sign-flip", verdict: "worse" });
    // Worse by exactly 0.25 on every pair, by construction.
    expect(faith!.difference).toBeCloseTo(-0.25, 12);
    expect(faith!.ci95![0]).toBeCloseTo(-0.25, 12);
    expect(faith!.ci95![1]).toBeCloseTo(-0.25, 12);
    expect(faith!.pHolm!).toBeLessThan(0.001);
  });

  it("0/1 scores on both sides take McNemar's exact test: one flip each way is p = 1", () => {
    expect(match).toMatchObject({ metric: "exact_match", n: 30, nullPairs: 0, test: "mcnemar", p: 1, pHolm: 1, verdict: "no detectable difference" });
    expect(match!.difference).toBe(0);
  });
});

describe("the Comparison table", () => {
  it("says the verdict in words, with the power hint beside 'no detectable difference', in English and Chinese", async () => {
    view = render(<ComparisonStats a={base} b={candidate} metrics={[...metrics]} />);
    await until(() => expect(cell("verdict-faithfulness")).toBe("B is worse"));
    const table = view.container.querySelector("table")!;
    expect(table.getAttribute("aria-label")).toBe("Comparison");
    expect(cell("comparison-faithfulness")).toContain("29 1 left out (null on a side)");
    expect(cell("difference-faithfulness")).toBe("-0.25 [-0.25, -0.25]");
    expect(cell("p-holm-faithfulness")).toBe("< 0.001");
    expect(cell("verdict-exact_match")).toMatch(/^No detectable difference about \d+ pairs would detect a difference of 0\.05$/);
    expect(cell("p-holm-exact_match")).toBe("1.000");
    act(() => useApp.setState({ lang: "zh" }));
    expect(view.container.querySelector("table")!.getAttribute("aria-label")).toBe("比较");
    expect(cell("verdict-faithfulness")).toBe("B 更差");
    expect(cell("verdict-exact_match")).toMatch(/^无可检测的差异 约需 \d+ 对样本才能检测出 0\.05 的差异$/);
  });

  it("a minimum effect above the difference turns the verdict into 'no detectable difference'", async () => {
    view = render(<ComparisonStats a={base} b={candidate} metrics={[...metrics]} />);
    await until(() => expect(cell("verdict-faithfulness")).toBe("B is worse"));
    const input = view.container.querySelector<HTMLInputElement>('input[aria-label="Minimum effect"]')!;
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      setter.call(input, "0.3");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await until(() => expect(cell("verdict-faithfulness")).toMatch(/^No detectable difference/));
  });
});
