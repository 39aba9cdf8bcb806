// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { IntervalLines } from "../../../../src/app/shared/explorer/IntervalLines";
import { ScoreCell } from "../../../../src/app/shared/explorer/ScoreCell";
import type { MetricStats } from "../../../../src/app/shared/explorer/stats";
import { useApp } from "../../../../src/app/shared/store";
import { render, type Rendered } from "../../render";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  act(() => useApp.setState({ lang: "en" }));
});

const base: MetricStats = { mean: 0.7, median: 0.7, std: 0.1, min: 0.5, max: 0.9, count: 40, nullCount: 10, nullCodes: { llm_error: 10 }, scores: [] };
const text = (id: string) => view!.container.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;

describe("a summary card's interval lines (contract 14)", () => {
  it("the interval with the nulls beside it, the pass rate with its interval, the judge's noise; en and zh", () => {
    const stats: MetricStats = {
      ...base,
      ci95: [0.64, 0.76],
      ciMethod: "bootstrap",
      passRate: { rate: 0.6, ci95: [0.45, 0.73], pass: 30, all: 50, threshold: 0.8 },
      noise: { samples: 40, withinSd: 0.12, disagreeShare: 0.25, judgeVarianceShare: 0.4 },
    };
    view = render(<IntervalLines id="faithfulness" stats={stats} />);
    expect(text("ci-faithfulness")).toBe("[0.64, 0.76]");
    expect(text("over-faithfulness")).toBe("over 40 of 50");
    expect(view.container.querySelector("dt")!.getAttribute("title")).toBe("percentile bootstrap, 10,000 resamples");
    expect(view.container.textContent).toContain("Pass rate0.60 [0.45, 0.73] 30 of 50 ≥ 0.80");
    expect(text("noise-faithfulness")).toBe("Within-sample SD 0.12 · Repeats disagree 0.25 · Judge's share of variance 0.40");
    act(() => useApp.setState({ lang: "zh" }));
    expect(text("over-faithfulness")).toBe("基于 50 个中的 40 个");
    expect(view.container.textContent).toContain("通过率0.60 [0.45, 0.73] 50 个中 30 个 ≥ 0.80");
  });

  it("a lower-is-better metric passes at or below; '…' while the worker computes, '—' with no score", () => {
    view = render(<IntervalLines id="noise_sensitivity" stats={{ ...base, passRate: { rate: 1, ci95: [0.8, 1], pass: 50, all: 50, threshold: 0.2 } }} />);
    expect(text("ci-noise_sensitivity")).toBe("…");
    expect(view.container.textContent).toContain("50 of 50 ≤ 0.20");
    view.unmount();
    view = render(<IntervalLines id="faithfulness" stats={{ ...base, count: 0, nullCount: 50, ci95: null }} />);
    expect(text("ci-faithfulness")).toBe("—");
    expect(text("over-faithfulness")).toBe("over 0 of 50");
  });

  it("a results cell marks pass and fail in words beside the score (a null fails); none without a threshold", () => {
    view = render(
      <>
        <ScoreCell id="faithfulness" result={{ score: 0.9, pass: true, trace: { calls: [] } }} />
        <ScoreCell id="faithfulness" result={{ score: null, pass: false, error: { code: "llm_error", message: "m" }, trace: { calls: [] } }} />
        <ScoreCell id="bleu" result={{ score: 0.3, trace: { calls: [] } }} />
      </>,
    );
    expect([...view.container.querySelectorAll(".pass-mark")].map((m) => m.textContent)).toEqual(["✓ pass", "✗ fail"]);
  });
});
