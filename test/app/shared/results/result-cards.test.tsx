// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from "vitest";
import type { CallRecord, MetricResult, MetricTraces } from "../../../../src/engine";
import { MetricCard } from "../../../../src/app/shared/results/MetricCard";
import { UsageSummary } from "../../../../src/app/shared/results/UsageSummary";
import { useApp } from "../../../../src/app/shared/store";
import { en } from "../../../../src/app/shared/i18n/en";
import { zh } from "../../../../src/app/shared/i18n/zh";
import { errorCodeSchema } from "../../../../src/engine/result";
import { render, type Rendered } from "../../render";

const call: CallRecord = {
  kind: "chat",
  promptId: "faithfulness.verdicts",
  promptHash: "abc",
  model: "gpt-4o-mini",
  promptTokens: 1200,
  completionTokens: 300,
  ms: 840,
  cached: false,
  attempts: 2,
  mode: "json_schema",
  messages: [{ role: "user", content: "<b>prompt</b>" }],
  reply: '{"verdicts":[]}',
};

const faithful: MetricResult<MetricTraces["faithfulness"]> = {
  score: 0.5,
  reason: "engine reason",
  trace: {
    statements: [
      { text: "<img src=x onerror=alert(1)>", verdict: 1, reason: "quoted" },
      { text: "The moon is cheese.", verdict: 0, reason: "no context says so" },
    ],
    calls: [call],
  },
};

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  useApp.setState({ lang: "en" });
});

describe("a metric card", () => {
  test("is a section named '<id> result' with the score, the trace and a call log", () => {
    view = render(<MetricCard id="faithfulness" result={faithful} contexts={["ctx"]} />);
    const card = view.container.querySelector('section[aria-label="faithfulness result"]')!;
    expect(card).not.toBeNull();
    expect(card.querySelector('[data-testid="score-faithfulness"]')!.textContent).toBe("0.50");
    expect(card.textContent).toContain("medium");
    expect(card.textContent).toContain("1 of 2 statements in the answer are supported by the contexts.");
    const items = [...card.querySelectorAll("ol > li")].map((li) => li.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/supported/);
    expect(items[1]).toMatch(/not supported[\s\S]*no context says so/);
    expect(card.textContent).toContain("Call log (1 call)");
    expect(card.textContent).toContain("1200 + 300");
    expect(card.textContent).toContain("840 ms");
  });

  test("renders user and model text as text, never as markup", () => {
    view = render(<MetricCard id="faithfulness" result={faithful} contexts={[]} />);
    expect(view.container.querySelector("img")).toBeNull();
    expect(view.container.querySelector("b")).toBeNull();
    expect(view.container.textContent).toContain("<img src=x onerror=alert(1)>");
    expect(view.container.textContent).toContain("<b>prompt</b>");
  });

  test("a null shows its code and message, never NaN", () => {
    const result: MetricResult<MetricTraces["faithfulness"]> = {
      score: null,
      error: { code: "no_statements", message: "the answer makes no claim" },
      trace: { statements: [], calls: [] },
    };
    view = render(<MetricCard id="faithfulness" result={result} contexts={[]} />);
    expect(view.container.querySelector('[data-testid="score-faithfulness"]')!.textContent).toBe("no_statements");
    expect(view.container.textContent).toContain("the answer makes no claim");
    expect(view.container.textContent).toContain("no score");
    expect(view.container.textContent).not.toMatch(/NaN/);
  });

  test("a null says what its code means in the UI language, then the message as written", () => {
    const result: MetricResult<MetricTraces["faithfulness"]> = {
      score: null,
      error: { code: "missing_input", message: "Faithfulness needs at least one context" },
      trace: { statements: [], calls: [] },
    };
    const reasonOf = () => {
      const reason = view!.container.querySelector(".null-reason")!;
      return [...reason.children].map((child) => child.textContent);
    };
    view = render(<MetricCard id="faithfulness" result={result} contexts={[]} />);
    expect(reasonOf()).toEqual(["missing_input", "an input it needs is missing", "Faithfulness needs at least one context"]);
    view.unmount();
    useApp.setState({ lang: "zh" });
    view = render(<MetricCard id="faithfulness" result={result} contexts={[]} />);
    expect(reasonOf()).toEqual(["missing_input", "缺少所需的输入", "Faithfulness needs at least one context"]);
    // Every code the engine writes has its words in both catalogues.
    for (const code of errorCodeSchema.options) {
      expect(en.results.nullMeaning[code], code).toMatch(/\w/);
      expect(zh.results.nullMeaning[code], code).toMatch(/\p{Script=Han}/u);
    }
  });

  test("context relevance highlights the needed sentences inside each context", () => {
    const result: MetricResult<MetricTraces["context_relevance"]> = {
      score: 1 / 3,
      trace: {
        sentences: [
          { text: "A is B.", context: 0, relevant: 1 },
          { text: "C is D.", context: 0, relevant: 0 },
          { text: "E is F.", context: 1, relevant: 0 },
        ],
        calls: [],
      },
    };
    view = render(<MetricCard id="context_relevance" result={result} contexts={["A is B. C is D.", "E is F."]} />);
    const marks = [...view.container.querySelectorAll("li mark")].map((m) => m.textContent);
    expect(marks).toEqual(["A is B."]);
    expect(view.container.textContent).toContain("1 of 2 sentences needed");
    expect(view.container.textContent).toContain("0 of 1 sentences needed");
  });

  test("context precision shows verdicts and precision@k in rank order", () => {
    const result: MetricResult<MetricTraces["context_precision"]> = {
      score: 0.5,
      trace: {
        contexts: [
          { index: 1, verdict: 1, reason: "r2" },
          { index: 0, verdict: 0, reason: "r1" },
        ],
        calls: [],
      },
    };
    view = render(<MetricCard id="context_precision" result={result} contexts={["first", "second"]} />);
    expect(view.container.textContent).toMatch(/Context 1[\s\S]*not useful[\s\S]*precision@1 = 0\.00[\s\S]*Context 2[\s\S]*useful[\s\S]*precision@2 = 0\.50/);
  });

  test("answer relevancy keeps the sign of a negative similarity", () => {
    const result: MetricResult<MetricTraces["answer_relevancy"]> = {
      score: 0,
      trace: { questions: [{ text: "q?", noncommittal: 1, similarity: -0.12 }], calls: [] },
    };
    view = render(<MetricCard id="answer_relevancy" result={result} contexts={[]} />);
    const row = view.container.querySelector("tbody tr")!.textContent!;
    expect(row).toContain("-0.12");
    expect(row).toContain("noncommittal");
  });

  test("Chinese UI: labels translate, the card is named in Chinese after the metric id", () => {
    useApp.setState({ lang: "zh" });
    view = render(<MetricCard id="faithfulness" result={faithful} contexts={[]} />);
    expect(view.container.querySelector('section[aria-label="faithfulness 结果"]')).not.toBeNull();
    expect(view.container.textContent).toContain("忠实度");
    expect(view.container.textContent).toContain("有依据");
  });
});

describe("the usage summary", () => {
  test("shows the harmonic-mean RAGAS score only with two or more scores, plus tokens and cost", () => {
    const other: MetricResult<MetricTraces["faithfulness"]> = { score: 1, trace: { statements: [], calls: [{ ...call, cached: true }] } };
    view = render(<UsageSummary results={{ faithfulness: faithful, context_recall: other }} demo={false} />);
    expect(view.container.querySelector('[data-testid="ragas-score"]')!.textContent).toBe("0.67");
    const usage = view.container.querySelector('[data-testid="usage"]')!.textContent!;
    // One call that took 2 attempts (a retry) is 2 requests, as the provider counts them.
    expect(usage).toContain("2 requests");
    expect(usage).toContain("2,400 prompt + 600 completion tokens");
    expect(usage).toMatch(/≈ \$0\.00036/);
    view.unmount();
    view = render(<UsageSummary results={{ faithfulness: faithful }} demo={false} />);
    expect(view.container.querySelector('[data-testid="ragas-score"]')).toBeNull();
  });

  test("says cached when every call came from the cache", () => {
    const cached: MetricResult<MetricTraces["faithfulness"]> = { score: 1, trace: { statements: [], calls: [{ ...call, cached: true }] } };
    view = render(<UsageSummary results={{ faithfulness: cached }} demo={false} />);
    expect(view.container.querySelector('[data-testid="usage"]')!.textContent).toContain("cached");
  });

  // Issue 26: a cached re-score said "≈ $0" where the live run had said there is no price.
  test("no price is said as no price, cached or not; a priced run from the cache costs $0 (cached)", () => {
    const unpriced: CallRecord = { ...call, model: "my-local-model" };
    const usageOf = (calls: CallRecord[]) => {
      view?.unmount();
      const result: MetricResult<MetricTraces["faithfulness"]> = { score: 1, trace: { statements: [], calls } };
      view = render(<UsageSummary results={{ faithfulness: result }} demo={false} />);
      return view.container.querySelector('[data-testid="usage"]')!.textContent!;
    };
    expect(usageOf([unpriced])).toContain("cost unknown (no price for my-local-model)");
    const cachedUnpriced = usageOf([{ ...unpriced, cached: true }]);
    expect(cachedUnpriced).toContain("cost unknown (no price for my-local-model)");
    expect(cachedUnpriced).not.toContain("$");
    const cachedPriced = usageOf([{ ...call, cached: true }]);
    expect(cachedPriced).toContain("$0 (cached)");
    expect(cachedPriced).not.toContain("≈");
    useApp.setState({ lang: "zh" });
    expect(usageOf([{ ...call, cached: true }])).toContain("$0（来自缓存）");
  });

  test("the demo judge's recorded replies show as such, with no tokens or cost as if billed", () => {
    view = render(<UsageSummary results={{ faithfulness: faithful, context_recall: faithful }} demo={true} />);
    const usage = view.container.querySelector('[data-testid="usage"]')!.textContent!;
    expect(usage).toBe("demo judge: 2 recorded replies, no cost");
    expect(usage).not.toMatch(/tokens|request|\$/);
  });
});
