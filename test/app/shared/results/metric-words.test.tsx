// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from "vitest";
import type { MetricResult, MetricTraces } from "../../../../src/engine";
import { bleuTrace } from "../../../../src/engine/metrics/bleu/sentence";
import { scoreBleu } from "../../../../src/engine/metrics/bleu/score";
import { MetricCard } from "../../../../src/app/shared/results/MetricCard";
import { useApp } from "../../../../src/app/shared/store";
import { render, type Rendered } from "../../render";

/** What each card says about its metric, read as a user reads it (issue 26). */

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  useApp.setState({ lang: "en" });
});

/** A metric's card, in either language (its accessible name is the UI language's: "faithfulness result", "faithfulness 结果"). */
const card = (id: string) =>
  [...view!.container.querySelectorAll<HTMLElement>("section.metric-card")].find((s) => s.querySelector(".metric-id")?.textContent === id)!;
const inLang = (lang: "en" | "zh") => useApp.setState({ lang });

describe("context utilization's summary", () => {
  const result: MetricResult<MetricTraces["context_utilization"]> = {
    score: 1,
    trace: {
      contexts: [
        { index: 0, verdict: 1, reason: "used" },
        { index: 1, verdict: 0, reason: "unused" },
      ],
      calls: [],
    },
  };
  test.each([
    ["en", "1 of 2 contexts help reach the answer; useful contexts ranked lower pull the score down."],
    ["zh", "2 段上下文中有 1 段有助于得出回答；有用的上下文排得越靠后，分数越低。"],
  ] as const)("judges the contexts against the answer, not the reference (%s)", (lang, summary) => {
    inLang(lang);
    view = render(<MetricCard id="context_utilization" result={result} contexts={["a", "b"]} />);
    expect(card("context_utilization").querySelector(".reason")!.textContent).toBe(summary);
  });

  test("none useful: says so against the answer", () => {
    const none = { ...result, score: 0, trace: { ...result.trace, contexts: result.trace.contexts.map((c) => ({ ...c, verdict: 0 as const })) } };
    view = render(<MetricCard id="context_utilization" result={none} contexts={["a", "b"]} />);
    expect(card("context_utilization").querySelector(".reason")!.textContent).toBe("None of the 2 contexts helps reach the answer.");
  });
});

describe("a lower-is-better score's badge", () => {
  const noise = (statements: { text: string; correct: 0 | 1 }[], score: number): MetricResult<MetricTraces["noise_sensitivity"]> => ({
    score,
    trace: {
      mode: "relevant",
      referenceStatements: [{ text: "Ulm." }],
      statements,
      contexts: [{ index: 0, supportsReference: [1], supportsAnswer: statements.map(() => 1 as const) }],
      calls: [],
    },
  });
  const badge = () => card("noise_sensitivity").querySelector<HTMLElement>(".score")!;

  test.each([
    ["en", 0, "score-high", "low: good"],
    ["en", 1, "score-low", "high: poor"],
    ["zh", 0, "score-high", "低：好"],
  ] as const)("%s: noise sensitivity %d is coloured %s and reads %s, beside 'lower is better'", (lang, score, band, words) => {
    inLang(lang);
    const statements = [{ text: "Born in Ulm.", correct: (1 - score) as 0 | 1 }];
    view = render(<MetricCard id="noise_sensitivity" result={noise(statements, score)} contexts={["Ulm."]} />);
    expect(badge().className).toBe(`score ${band}`);
    expect(badge().querySelector(".score-level")!.textContent).toBe(words);
    expect(card("noise_sensitivity").querySelector(".badge-lower")!.textContent).toBe(lang === "en" ? "lower is better" : "越低越好");
  });

  test("a higher-is-better score keeps its plain band words", () => {
    const result: MetricResult<MetricTraces["semantic_similarity"]> = { score: 0.9, trace: { similarity: 0.9, calls: [] } };
    view = render(<MetricCard id="semantic_similarity" result={result} contexts={[]} />);
    expect(card("semantic_similarity").querySelector(".score-level")!.textContent).toBe("high");
  });
});

describe("the semantic similarity card", () => {
  test("says its cosine once", () => {
    const result: MetricResult<MetricTraces["semantic_similarity"]> = { score: 0.8123, trace: { similarity: 0.8123, calls: [] } };
    view = render(<MetricCard id="semantic_similarity" result={result} contexts={[]} />);
    const text = card("semantic_similarity").textContent ?? "";
    expect(text.split("cosine similarity 0.812").length - 1).toBe(1);
  });
});

describe("BLEU's token highlighting", () => {
  test("marks as many tokens as the clipped unigram count: 'the' three times in the answer, once in the reference, is marked once", async () => {
    const trace = bleuTrace("the the the cat sat", "the cat");
    const result: MetricResult<MetricTraces["bleu"]> = { score: scoreBleu(trace).score, trace: { ...trace, calls: [] } };
    expect(trace.matches[0]).toBe(2);
    view = render(<MetricCard id="bleu" result={result} contexts={[]} />);
    const marked = (label: string) => [...card("bleu").querySelectorAll(`[aria-label="${label}"] li`)].map((li) => li.classList.contains("token-shared"));
    expect(marked("Answer tokens")).toEqual([true, false, false, true, false]);
    expect(marked("Answer tokens").filter(Boolean)).toHaveLength(trace.matches[0]!);
    expect(marked("Reference tokens")).toEqual([true, true]);
    expect(card("bleu").querySelector(".reason")!.textContent).toMatch(/^2 of the answer's 5 tokens occur in the reference/);
  });
});

describe("ROUGE-L's summary", () => {
  const result: MetricResult<MetricTraces["rouge_l"]> = {
    score: 0.5,
    trace: { answerTokens: ["a", "x", "b"], referenceTokens: ["a", "b", "y"], lcs: 2, calls: [] },
  };
  test.each([
    ["en", "The longest common subsequence of the two token lists (in order, gaps allowed) is 2 tokens long (answer 3 tokens, reference 3)."],
    ["zh", "两个词元列表的最长公共子序列（保持顺序，可不相邻）长 2 个词元（回答 3 个词元，参考答案 3 个）。"],
  ] as const)("calls it a subsequence, not a run (%s)", (lang, summary) => {
    inLang(lang);
    view = render(<MetricCard id="rouge_l" result={result} contexts={[]} />);
    expect(card("rouge_l").querySelector(".reason")!.textContent).toBe(summary);
  });
});

describe("ROUGE-L's token highlighting", () => {
  test("marks one common subsequence, as long as the lcs: 'b a' against 'a b' marks one token a side, not two", () => {
    const result: MetricResult<MetricTraces["rouge_l"]> = { score: 0.5, trace: { answerTokens: ["b", "a"], referenceTokens: ["a", "b"], lcs: 1, calls: [] } };
    view = render(<MetricCard id="rouge_l" result={result} contexts={[]} />);
    const marked = (label: string) => [...card("rouge_l").querySelectorAll(`[aria-label="${label}"] li.token-shared`)].map((li) => li.textContent);
    expect(marked("Answer tokens")).toHaveLength(1);
    expect(marked("Reference tokens")).toEqual(marked("Answer tokens"));
  });
});

describe("noise sensitivity's summary", () => {
  const result: MetricResult<MetricTraces["noise_sensitivity"]> = {
    score: 0.5,
    trace: {
      mode: "relevant",
      referenceStatements: [{ text: "Ulm." }],
      statements: [
        { text: "Born in Ulm.", correct: 1 },
        { text: "Born in Munich.", correct: 0 },
      ],
      contexts: [{ index: 0, supportsReference: [1], supportsAnswer: [1, 1] }],
      calls: [],
    },
  };
  test.each([
    ["en", "1 of 2 answer statements are incorrect yet backed by a relevant context (1 incorrect in all)."],
    ["zh", "2 条答案陈述中有 1 条错误却有相关上下文支持（共 1 条错误）。"],
  ] as const)("is told from the trace in the UI language (%s)", (lang, summary) => {
    inLang(lang);
    view = render(<MetricCard id="noise_sensitivity" result={result} contexts={["Ulm."]} />);
    expect(card("noise_sensitivity").querySelector(".reason")!.textContent).toBe(summary);
  });
});
