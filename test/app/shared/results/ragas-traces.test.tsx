// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from "vitest";
import { type AnyMetricId, getMetric, type MetricResult, type MetricTraces } from "../../../../src/engine";
import { MetricCard } from "../../../../src/app/shared/results/MetricCard";
import { useApp } from "../../../../src/app/shared/store";
import { render, type Rendered } from "../../render";

/** A result as the engine makes it: the score is the metric's own score function of the trace. */
function resultOf<T extends { calls: [] }>(id: AnyMetricId, trace: Omit<T, "calls">): MetricResult {
  const full = { ...trace, calls: [] } as unknown as T;
  const outcome = getMetric(id, [
    { slug: "polite", name: "Polite", definition: "Is it polite?", inputs: ["answer"], scale: "binary", strictness: 3, version: 1 },
  ]).score(full as never);
  return { score: outcome.score, ...(outcome.score === null ? { error: outcome.error } : {}), trace: full } as MetricResult;
}

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  useApp.setState({ lang: "en" });
});

/** Each list item's words, one space between its elements' texts. */
function words(node: Node): string {
  return node.nodeType === Node.TEXT_NODE ? (node.textContent ?? "") : [...node.childNodes].map(words).join(" ");
}
const items = (root: HTMLElement) => [...root.querySelectorAll(".trace-list > li")].map((li) => words(li).replace(/\s+/g, " ").trim());

describe("the traces of issue 16's metrics", () => {
  test("entity recall marks each reference entity found (as the score matches it: Paris = paris) or not", () => {
    const result = resultOf<MetricTraces["context_entity_recall"] & { calls: [] }>("context_entity_recall", {
      referenceEntities: ["Paris", "Eiffel Tower"],
      contextEntities: ["paris", "France"],
    });
    expect(result.score).toBe(0.5);
    view = render(<MetricCard id="context_entity_recall" result={result} contexts={[]} />);
    expect(items(view.container)).toEqual(["✓ found in the contexts Paris", "✗ not in the contexts Eiffel Tower"]);
    expect(view.container.querySelector(".reason")!.textContent).toBe("1 of 2 reference entities appear in the contexts.");
    expect(view.container.querySelector('[data-testid="score-context_entity_recall"]')!.textContent).toBe("0.50");
  });

  test("noise sensitivity marks the wrong statement a relevant context supports, and reads lower as better", () => {
    const result = resultOf<MetricTraces["noise_sensitivity"] & { calls: [] }>("noise_sensitivity", {
      mode: "relevant",
      referenceStatements: [{ text: "Einstein was born in Ulm." }],
      statements: [
        { text: "He was born in Ulm.", correct: 1 },
        { text: "He was born in Munich.", correct: 0 },
      ],
      contexts: [
        { index: 0, supportsReference: [1], supportsAnswer: [1, 1] },
        { index: 1, supportsReference: [0], supportsAnswer: [0, 0] },
      ],
    });
    expect(result.score).toBe(0.5);
    view = render(<MetricCard id="noise_sensitivity" result={result} contexts={[]} />);
    const text = items(view.container);
    expect(text[0]).toBe("✓ correct He was born in Ulm.");
    expect(text[1]).toBe("✗ incorrect error caused by noise He was born in Munich.");
    expect(text[3]).toBe("Context 1 ✓ relevant supports 1 of 1 reference statements · supports answer statements 1, 2");
    expect(text[4]).toBe("Context 2 ✗ irrelevant supports 0 of 1 reference statements · supports no answer statement");
    expect(view.container.querySelector(".badge-lower")!.textContent).toBe("lower is better");
  });

  test("answer correctness shows TP, FP and FN with F1, similarity and weights", () => {
    const result = resultOf<MetricTraces["answer_correctness"] & { calls: [] }>("answer_correctness", {
      statements: [
        { text: "Born in Ulm.", verdict: 1 },
        { text: "Born in Munich.", verdict: 0 },
      ],
      referenceStatements: [
        { text: "Born in Ulm.", verdict: 1 },
        { text: "Born in 1879.", verdict: 0 },
      ],
      similarity: 0.8,
      weights: [0.75, 0.25],
    });
    // F1 = 1 / (1 + (1 + 1) / 2) = 0.5; score = 0.75 * 0.5 + 0.25 * 0.8 = 0.575.
    expect(result.score).toBeCloseTo(0.575, 12);
    view = render(<MetricCard id="answer_correctness" result={result} contexts={[]} options={{ weights: [0.75, 0.25] }} />);
    expect(view.container.querySelector(".metric-options-used")!.textContent).toBe("options: weights=0.75/0.25");
    expect(view.container.querySelector(".trace-line")!.textContent).toBe("F1 0.50 · similarity 0.80 · weights 0.75 / 0.25");
    expect(view.container.querySelector(".reason")!.textContent).toBe("1 supported, 1 unsupported and 1 missing statements.");
    expect(items(view.container)).toEqual([
      "✓ supported (TP) Born in Ulm.",
      "✗ not supported (FP) Born in Munich.",
      "✓ covered Born in Ulm.",
      "✗ missing (FN) Born in 1879.",
    ]);
  });

  test("a custom judge shows every vote with its reason, under the judge's name, in Chinese too", () => {
    const result = resultOf<MetricTraces["custom:polite"] & { calls: [] }>("custom:polite", {
      scale: "binary",
      votes: [
        { value: 1, reason: "Thanks the user." },
        { value: 0, reason: "Curt." },
        { value: 1, reason: "Courteous." },
      ],
    });
    expect(result.score).toBe(1);
    view = render(<MetricCard id="custom:polite" result={result} contexts={[]} judgeNames={{ "custom:polite": "Polite" }} />);
    expect(view.container.querySelector("h3")!.textContent).toBe("Polite");
    expect(items(view.container)).toEqual(["✓ yes Thanks the user.", "✗ no Curt.", "✓ yes Courteous."]);
    expect(view.container.querySelector(".reason")!.textContent).toBe("2 of 3 votes say the criterion is met.");
    view.unmount();
    useApp.setState({ lang: "zh" });
    view = render(<MetricCard id="custom:polite" result={result} contexts={[]} />);
    expect(view.container.querySelector(".reason")!.textContent).toBe("3 票中有 2 票认为满足标准。");
  });
});
