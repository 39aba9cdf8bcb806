// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { RETRIEVAL_METRIC_IDS } from "../../../../src/engine";
import { MetricPicker } from "../../../../src/app/playground/MetricPicker";
import { saveCustomJudge, useCustomJudges } from "../../../../src/app/shared/persist/custom-judges";
import { useApp } from "../../../../src/app/shared/store";
import { emptyDraft } from "../../../../src/app/shared/store/sample-slice";
import { byName, buttonByText, click, render, type, type Rendered, until } from "../../render";

async function choose(select: HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

let view: Rendered;
beforeEach(async () => {
  useApp.setState({
    lang: "en",
    apiKey: "sk-test",
    metricOptions: {},
    selected: ["faithfulness"],
    settings: { ...useApp.getState().settings, baseURL: "http://127.0.0.1:9/v1", model: "m", embeddingModel: "e" },
  });
  useApp.getState().loadDraft({ question: "Where is Paris?", answer: "In France.", contexts: ["Paris is in France.", "Lyon too."], reference: "France." });
  // The picker loads the user's judges from IndexedDB when it mounts: wait for that load, not for a time.
  useCustomJudges.setState({ loaded: false });
  view = render(<MetricPicker />);
  await until(() => expect(useCustomJudges.getState().loaded).toBe(true));
});
afterEach(() => {
  view.unmount();
  useApp.setState({ draft: emptyDraft() });
});

const group = (name: string) => byName(view.container, name);
const idsIn = (name: string) =>
  [...group(name).querySelectorAll<HTMLInputElement>('input[type="checkbox"][aria-label]')].map((i) => i.getAttribute("aria-label"));
const facts = (id: string) => document.getElementById(`metric-${id}-facts`)!.textContent;

describe("the grouped metric picker", () => {
  test("every built-in metric sits in its group, with the inputs it needs and its requests per sample", () => {
    expect(idsIn("Needs a judge")).toEqual([
      "faithfulness",
      "context_relevance",
      "context_precision",
      "context_recall",
      "factual_correctness",
      "noise_sensitivity",
      "context_entity_recall",
      "context_utilization",
      "agent_goal_accuracy",
      "topic_adherence",
      "conversation_faithfulness",
    ]);
    expect(idsIn("Needs embeddings")).toEqual(["answer_relevancy", "answer_correctness", "semantic_similarity"]);
    expect(idsIn("No judge")).toEqual([
      "bleu",
      "chrf",
      "rouge_l",
      "string_similarity",
      "exact_match",
      "string_presence",
      "tool_call_accuracy",
      "tool_call_f1",
      ...RETRIEVAL_METRIC_IDS,
    ]);
    expect(facts("ndcg_at_k")).toBe("needs retrieved ids, relevant ids · no request");
    expect(facts("answer_correctness")).toBe("needs question, answer, reference · 4 calls + 1 embedding per sample");
    expect(facts("semantic_similarity")).toBe("needs answer, reference · 1 embedding per sample");
    expect(facts("bleu")).toBe("needs answer, reference · no request");
    // Lower is better is said where the metric is picked.
    expect(byName(view.container, "noise_sensitivity").parentElement!.textContent).toContain("lower is better");
  });

  test("options are edited per metric, change the group and the cost, and a bad value is refused in words", async () => {
    await click(byName(view.container, "answer_correctness"));
    expect(useApp.getState().selected).toContain("answer_correctness");
    const row = byName(view.container, "answer_correctness").parentElement!;
    await click(buttonByText(row, "Options"));
    const weights = row.querySelector<HTMLInputElement>('input[type="text"]')!;
    await type(weights, "1,0");
    expect(useApp.getState().metricOptions.answer_correctness).toEqual({ weights: "1,0" });
    // Similarity weight 0: no embedding request, so it needs no embedding model any more.
    expect(idsIn("Needs a judge")).toContain("answer_correctness");
    expect(facts("answer_correctness")).toBe("needs question, answer, reference · 4 calls per sample");

    await click(byName(view.container, "context_precision"));
    const precision = byName(view.container, "context_precision").parentElement!;
    await click(buttonByText(precision, "Options"));
    await click(precision.querySelector<HTMLInputElement>('fieldset input[type="checkbox"]')!);
    // One call per context: two contexts, two calls.
    expect(facts("context_precision")).toBe("needs question, contexts, reference · 2 calls per sample");

    await click(byName(view.container, "factual_correctness"));
    const factual = byName(view.container, "factual_correctness").parentElement!;
    await click(buttonByText(factual, "Options"));
    await choose(factual.querySelector("select")!, "recall");
    await type(factual.querySelector<HTMLInputElement>('input[type="text"]')!, "-1");
    expect(factual.querySelector('[role="alert"]')!.textContent).toBe("Beta must be a number greater than 0.");
  });

  test("every option shows its default where it is not set: a placeholder, or '<value> (default)' in a select", async () => {
    for (const id of ["factual_correctness", "answer_correctness", "noise_sensitivity", "answer_relevancy"]) {
      await click(byName(view.container, id));
      await click(buttonByText(byName(view.container, id).parentElement!, "Options"));
    }
    const row = (id: string) => byName(view.container, id).parentElement!;
    const firstChoices = (id: string) => [...row(id).querySelectorAll("select")].map((s) => s.options[0]!.textContent);
    const placeholders = (id: string) => [...row(id).querySelectorAll<HTMLInputElement>('input[type="text"]')].map((i) => i.placeholder);
    expect(firstChoices("factual_correctness")).toEqual(["f1 (default)", "low (default)", "low (default)"]);
    expect(placeholders("factual_correctness")).toEqual(["1"]);
    expect(placeholders("answer_correctness")).toEqual(["0.75, 0.25"]);
    expect(firstChoices("noise_sensitivity")).toEqual(["relevant (default)"]);
    expect(placeholders("answer_relevancy")).toEqual(["3"]);
    // Nothing typed: the defaults are what runs, so no option is sent.
    expect(useApp.getState().metricOptions).toEqual({});
  });

  test("an invalid option is explained in the user's words, in English and Chinese", async () => {
    await click(byName(view.container, "answer_correctness"));
    const row = byName(view.container, "answer_correctness").parentElement!;
    await click(buttonByText(row, "Options"));
    await type(row.querySelector<HTMLInputElement>('input[type="text"]')!, "0,0");
    expect(row.querySelector('[role="alert"]')!.textContent).toBe(
      "Weights (factuality, similarity) must be two numbers of 0 or more, not both 0, written like 0.75, 0.25.",
    );
    await click(byName(view.container, "answer_relevancy"));
    const relevancy = byName(view.container, "answer_relevancy").parentElement!;
    await click(buttonByText(relevancy, "Options"));
    await type(relevancy.querySelector<HTMLInputElement>('input[type="text"]')!, "2.5");
    expect(relevancy.querySelector('[role="alert"]')!.textContent).toBe("Questions generated must be a whole number from 1 to 10.");
    await act(async () => useApp.setState({ lang: "zh" }));
    expect(relevancy.querySelector('[role="alert"]')!.textContent).toBe("生成的问题数必须是 1 到 10 之间的整数。");
    expect(row.querySelector('[role="alert"]')!.textContent).toBe("权重（事实性，相似度）必须是两个不小于 0 且不同时为 0 的数，写成 0.75, 0.25 这样。");
    await act(async () => useApp.setState({ lang: "en" }));
  });

  test("the user's judges are picked in their own group, costing k calls", async () => {
    await act(() =>
      saveCustomJudge({ slug: "politeness", name: "Politeness", definition: "The answer is polite.", inputs: ["answer"], scale: "binary", strictness: 3 }),
    );
    await until(() => expect(idsIn("Your judges")).toEqual(["custom:politeness"]));
    expect(facts("custom-politeness")).toBe("needs answer · 3 calls per sample");
    expect(view.container.textContent).toContain("Politeness");
    await click(byName(view.container, "custom:politeness"));
    expect(useApp.getState().selected).toEqual(["faithfulness", "custom:politeness"]);
    act(() => useCustomJudges.setState({ judges: [] }));
  });

  test("a ticked metric has an optional threshold beside it (≥; ≤ for lower-is-better), kept in the store; out of 0-1 it says so", async () => {
    useApp.setState({ thresholds: {} });
    expect(view.container.querySelector('[aria-label="Threshold for faithfulness"]')).not.toBeNull();
    // Not ticked: no threshold.
    expect(view.container.querySelector('[aria-label="Threshold for context_recall"]')).toBeNull();
    const input = byName<HTMLInputElement>(view.container, "Threshold for faithfulness");
    expect(input.closest("label")!.textContent).toBe("Threshold ≥ ");
    await type(input, "0.8");
    expect(useApp.getState().thresholds).toEqual({ faithfulness: "0.8" });
    expect(input.getAttribute("aria-invalid")).toBeNull();
    await type(input, "1.5");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.closest("label")!.textContent).toContain("a threshold is a number from 0 to 1");
    await click(byName(view.container, "noise_sensitivity"));
    expect(byName(view.container, "Threshold for noise_sensitivity").closest("label")!.textContent).toBe("Threshold ≤ ");
    await act(async () => useApp.setState({ lang: "zh" }));
    expect(input.closest("label")!.textContent).toContain("阈值 ≥");
    expect(input.getAttribute("aria-label")).toBeNull();
    await act(async () => useApp.setState({ lang: "en", thresholds: {} }));
  });
});
