// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from "vitest";
import { ResultsPanel } from "../../../src/app/playground/ResultsPanel";
import { en } from "../../../src/app/shared/i18n/en";
import { useApp } from "../../../src/app/shared/store";
import { IDLE_SCORING } from "../../../src/app/shared/store/scoring-slice";
import { type AnyMetricId, evaluate } from "../../../src/engine";
import { buttonByText, click, render, type Rendered } from "../render";

/**
 * Issue 26: seventeen metrics made a 9,400 px column of expanded cards. A strip on top gives every
 * score at a glance and jumps to its card; Collapse all / Expand all fold the traces and call logs;
 * a metric that made no request has no "Call log (0 calls)".
 */

const sample = { id: "s", question: "Capital of France?", answer: "Paris is the capital.", contexts: ["Paris."], reference: "Paris is the capital of France." };
// Four metrics that need no judge; a fifth, faithfulness, is given a coded null by hand (no judge is called).
const TEXT: AnyMetricId[] = ["bleu", "rouge_l", "exact_match", "string_presence"];

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  useApp.setState({ scoring: IDLE_SCORING, lang: "en" });
});

async function showScored() {
  const out = await evaluate([sample], TEXT, { concurrency: 1 });
  const results = {
    ...out.results[0]!.metrics,
    faithfulness: { score: null, error: { code: "no_statements" as const, message: "The answer has no statements." }, trace: { statements: [], calls: [] } },
  };
  useApp.getState().showResults({ sample, metricIds: [...TEXT, "faithfulness"], results, demo: false, model: "m", historyId: null }, 1000);
  useApp.getState().loadDraft(sample);
  return results;
}

describe("the score strip", () => {
  test("lists every metric in the cards' order with its score or null code, and a click opens and focuses its card", async () => {
    const results = await showScored();
    view = render(<ResultsPanel />);
    const strip = view.container.querySelector(`nav[aria-label="${en.results.strip}"]`)!;
    const items = [...strip.querySelectorAll("li button")].map((b) => b.textContent);
    expect(items).toEqual([
      `${en.metrics.faithfulness} no_statements`,
      `${en.metrics.bleu} ${results.bleu!.score!.toFixed(2)}`,
      `${en.metrics.rouge_l} ${results.rouge_l!.score!.toFixed(2)}`,
      `${en.metrics.exact_match} 0.00`,
      `${en.metrics.string_presence} 0.00`,
    ]);

    await click(buttonByText(strip, en.results.collapseAll));
    const details = (id: string) => view!.container.querySelector(`section[aria-label="${id} result"] .card-details`) as HTMLElement;
    for (const id of [...TEXT, "faithfulness"]) expect(details(id).hidden, id).toBe(true);
    // Collapsed, a card still says its score and why.
    expect(view.container.querySelector('[data-testid="score-bleu"]')!.textContent).toBe(results.bleu!.score!.toFixed(2));

    await click(strip.querySelectorAll("li button")[2]!);
    expect(details("rouge_l").hidden).toBe(false);
    expect(details("bleu").hidden).toBe(true);
    expect(document.activeElement?.getAttribute("aria-label")).toBe("rouge_l result");

    await click(buttonByText(strip, en.results.expandAll));
    for (const id of [...TEXT, "faithfulness"]) expect(details(id).hidden, id).toBe(false);

    // One card's own toggle.
    const card = view.container.querySelector('section[aria-label="bleu result"]')!;
    await click(buttonByText(card, en.results.hideDetails));
    expect(details("bleu").hidden).toBe(true);
    expect(buttonByText(card, en.results.showDetails).getAttribute("aria-expanded")).toBe("false");
  });

  test("metrics that made no request show no call log", async () => {
    await showScored();
    view = render(<ResultsPanel />);
    expect(view.container.querySelectorAll(".metric-card")).toHaveLength(5);
    expect(view.container.textContent).not.toMatch(/Call log/);
  });

  test("a single metric needs no strip", async () => {
    const out = await evaluate([sample], ["bleu"], { concurrency: 1 });
    useApp.getState().showResults({ sample, metricIds: ["bleu"], results: out.results[0]!.metrics, demo: false, model: "m", historyId: null }, 1000);
    view = render(<ResultsPanel />);
    expect(view.container.querySelector(`nav[aria-label="${en.results.strip}"]`)).toBeNull();
  });
});
