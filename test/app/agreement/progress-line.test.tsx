// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { act } from "react";
import { ProgressLine, type RunProgressState } from "../../../src/app/agreement/ProgressLine";
import { useApp } from "../../../src/app/shared/store";
import { render, type Rendered } from "../render";

let view: Rendered | undefined;
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
  useApp.setState({ lang: "en" });
});

/** 4 of 10 judgements in 20 s; 1M prompt + 100k completion tokens of gpt-4o-mini (0.15 + 0.06 USD at list price) and an unpriced embedder's. */
function progress(over: Partial<RunProgressState> = {}): RunProgressState {
  return {
    done: 4,
    total: 10,
    startedAt: NOW - 20_000,
    spend: {
      requests: 5,
      chatRequests: 5,
      embeddingRequests: 0,
      cachedRequests: 0,
      promptTokens: 1_000_000,
      completionTokens: 100_000,
      byModel: { "gpt-4o-mini": { requests: 5, promptTokens: 1_000_000, completionTokens: 100_000 } },
    },
    ...over,
  };
}

const line = (v: Rendered) => v.container.querySelector('[data-testid="agreement-progress-line"]')!.textContent;

describe("the agreement progress line", () => {
  test("shows count done / total, elapsed, the ETA at the pace so far, tokens and the estimated cost; the bar keeps its name", () => {
    view = render(<ProgressLine progress={progress()} />);
    expect(line(view)).toBe("4 of 10 judgements · elapsed 20 s · ETA 30 s · 1,100,000 tokens · estimated $0.21");
    const bar = view.container.querySelector("progress")!;
    expect(bar.getAttribute("aria-label")).toBe("Agreement progress");
    expect(bar.getAttribute("value")).toBe("4");
    expect(bar.getAttribute("max")).toBe("10");
  });

  test("the clock runs while the run does and stops when it ends", async () => {
    view = render(<ProgressLine progress={progress()} />);
    await act(() => vi.advanceTimersByTimeAsync(100_000));
    // 120 s for 4: 180 s to go.
    expect(line(view)).toMatch(/^4 of 10 judgements · elapsed 2 min 0 s · ETA 3 min 0 s · /);
    view.unmount();
    view = render(<ProgressLine progress={progress({ done: 10, endedAt: NOW - 5_000 })} />);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(line(view)).toMatch(/^10 of 10 judgements · elapsed 15 s · ETA 0 s · /);
  });

  test("names a model without a price instead of a silent $0, and speaks Chinese", () => {
    useApp.setState({ lang: "zh" });
    const p = progress();
    p.spend.byModel = { "my-local": { requests: 5, promptTokens: 10, completionTokens: 10 } };
    view = render(<ProgressLine progress={p} />);
    expect(line(view)).toBe("已完成 4 / 10 次评判 · 已用 20 秒 · 预计还需 30 秒 · 1,100,000 个 token · 费用未知：my-local 没有价格（设置 → 价格）");
  });
});
