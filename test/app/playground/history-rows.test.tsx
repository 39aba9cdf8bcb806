// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { HistoryPanel } from "../../../src/app/playground/history/HistoryPanel";
import { ResultsPanel } from "../../../src/app/playground/ResultsPanel";
import { scoreDraft } from "../../../src/app/playground/scoring";
import { en } from "../../../src/app/shared/i18n/en";
import { refreshHistory } from "../../../src/app/shared/persist/history-sync";
import { DEFAULT_SETTINGS } from "../../../src/app/shared/settings-model/model";
import { useApp } from "../../../src/app/shared/store";
import { IDLE_SCORING } from "../../../src/app/shared/store/scoring-slice";
import { type AnyMetricId, PAPER_METRIC_IDS } from "../../../src/engine";
import { type MockServer, startMockServer } from "../../mock/server";
import { click, render } from "../render";

/**
 * Issue 26, History as a user reads it: scoring an unchanged sample again is one row, not two; a
 * score where every metric failed is said once and leaves no row; reopening a row puts back the
 * metrics and options it was scored with. Real HTTP through the real SDK to the mock server.
 */

const sample = {
  question: "Where is the Eiffel Tower?",
  answer: "The Eiffel Tower is in Paris. It was finished in 1889.",
  contexts: ["The Eiffel Tower is a wrought-iron tower in Paris, France.", "It was completed in 1889."],
  reference: "The Eiffel Tower is in Paris and was completed in 1889.",
};
const PICKED: AnyMetricId[] = ["faithfulness", "noise_sensitivity"];

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ latencyMs: 1 });
});
afterAll(() => mock.close());

function useEndpoint(baseURL: string) {
  useApp.setState({
    lang: "en",
    apiKey: "sk-history-rows",
    scoring: IDLE_SCORING,
    settings: { ...DEFAULT_SETTINGS, provider: "openai", baseURL, model: "mock-judge", embeddingModel: "mock-embedding", maxRetries: 0 },
  });
}

const rows = async () => {
  await refreshHistory();
  return useApp.getState().history;
};

beforeEach(() => useEndpoint(mock.url));

describe("History rows", () => {
  test("an unchanged sample scored twice is one row, moved to the newest time; other options or another answer add a row", async () => {
    useApp.getState().loadDraft(sample);
    useApp.setState({ selected: PICKED, metricOptions: {}, thresholds: { faithfulness: "0.95", bleu: "0.4" } });
    const before = (await rows()).length;

    await scoreDraft();
    const first = (await rows())[0]!;
    // The thresholds of the metrics scored are kept with the entry (bleu was not scored).
    expect(first.thresholds).toEqual({ faithfulness: 0.95 });
    expect(useApp.getState().scoring.status).toBe("done");
    expect((await rows()).length).toBe(before + 1);

    await scoreDraft();
    const afterSecond = await rows();
    expect(afterSecond.length).toBe(before + 1);
    expect(afterSecond[0]!.id).toBe(useApp.getState().scoring.historyId);
    expect(afterSecond[0]!.createdAt).toBeGreaterThanOrEqual(first.createdAt);
    expect(afterSecond.some((e) => e.id === first.id)).toBe(afterSecond[0]!.id === first.id);

    // Another option gives other scores: a row of its own.
    useApp.getState().setMetricOption("noise_sensitivity", "mode", "irrelevant");
    await scoreDraft();
    expect((await rows()).length).toBe(before + 2);
    // So does another answer.
    useApp.getState().setField("answer", "The Eiffel Tower is in Paris.");
    await scoreDraft();
    expect((await rows()).length).toBe(before + 3);

    // Reopening a row brings back the metrics, options and thresholds it was scored with.
    useApp.setState({ selected: ["bleu"], metricOptions: { noise_sensitivity: { mode: "irrelevant" } }, thresholds: { faithfulness: "0.1" } });
    const view = render(<HistoryPanel />);
    const list = await rows();
    // Every row has the same question: the rows' Open buttons are in the list's order.
    const open = (id: string) =>
      view.container.querySelectorAll(`[aria-label="${CSS.escape(en.history.openLabel(sample.question))}"]`)[list.findIndex((e) => e.id === id)]!;
    const asScored = list.find((e) => e.sample.answer === sample.answer && e.options?.noise_sensitivity === undefined)!;
    await click(open(asScored.id));
    expect(useApp.getState().scoring.historyId).toBe(asScored.id);
    expect([...useApp.getState().selected].sort()).toEqual([...PICKED].sort());
    expect(useApp.getState().metricOptions.noise_sensitivity).toBeUndefined();
    expect(useApp.getState().thresholds).toEqual({ faithfulness: "0.95", noise_sensitivity: "" });
    // So each card shows the pass / fail it had against 0.95.
    const faithfulness = useApp.getState().scoring.results.faithfulness!.score!;
    const cards = render(<ResultsPanel />);
    const marks = [...cards.container.querySelectorAll(".pass-mark")].map((m) => m.textContent);
    expect(marks).toEqual([faithfulness >= 0.95 ? "✓ pass" : "✗ fail"]);
    cards.unmount();
    const irrelevant = list.find((e) => e.options?.noise_sensitivity?.mode === "irrelevant" && e.sample.answer === sample.answer)!;
    useApp.setState({ selected: ["bleu"], metricOptions: {} });
    await click(open(irrelevant.id));
    expect(useApp.getState().scoring.historyId).toBe(irrelevant.id);
    expect([...useApp.getState().selected].sort()).toEqual([...PICKED].sort());
    expect(useApp.getState().metricOptions.noise_sensitivity).toEqual({ mode: "irrelevant" });
    view.unmount();
  });

  test("when every metric fails (a dead port) the reason is said once, the status says so, and no row is added", async () => {
    const dead = await startMockServer({ latencyMs: 1 });
    const deadURL = dead.url;
    await dead.close();
    useEndpoint(deadURL);
    useApp.getState().loadDraft({ ...sample, question: "Nobody answers this?" });
    useApp.setState({ selected: [...PAPER_METRIC_IDS], metricOptions: {} });
    const before = (await rows()).length;

    await scoreDraft();
    const { scoring, status } = useApp.getState();
    expect(scoring.status).toBe("done");
    const results = PAPER_METRIC_IDS.map((id) => scoring.results[id]!);
    expect(results.map((r) => r.error?.code)).toEqual(PAPER_METRIC_IDS.map(() => "llm_error"));
    const message = results[0]!.error!.message;
    expect(message.length).toBeGreaterThan(0);
    expect(status(en)).toBe("Nothing scored: all 5 metrics failed (the reason is above the results).");
    expect((await rows()).length).toBe(before);
    expect(scoring.historyId).toBeNull();

    const view = render(<ResultsPanel />);
    const banner = view.container.querySelector('[data-testid="all-failed"]')!;
    expect(banner.textContent).toBe(`All 5 metrics failed: ${message}`);
    const reasons = [...view.container.querySelectorAll(".null-reason")].map((p) => p.textContent);
    expect(reasons).toEqual(PAPER_METRIC_IDS.map(() => `llm_error ${en.results.nullMeaning.llm_error}${en.app.colon}${en.results.failedAbove}`));
    view.unmount();
  });

  test("against a judge that answers at random within the schema, a score is not reported as failed and keeps its row", async () => {
    mock.configure({ schemaRandom: { seed: 26 } });
    try {
      useApp.getState().loadDraft({ ...sample, question: "Random judge, where is it?" });
      useApp.setState({ selected: [...PAPER_METRIC_IDS], metricOptions: {} });
      const before = (await rows()).length;
      await scoreDraft();
      const { scoring, status } = useApp.getState();
      const codes = PAPER_METRIC_IDS.map((id) => scoring.results[id]!.error?.code ?? "scored");
      expect(codes).not.toContain("llm_error");
      expect(codes).not.toContain("parse_error");
      expect(status(en)).toMatch(/^Scored 5 metrics in \d+\.\d s\.$/);
      expect((await rows()).length).toBe(before + 1);
      const view = render(<ResultsPanel />);
      expect(view.container.querySelector('[data-testid="all-failed"]')).toBeNull();
      view.unmount();
    } finally {
      mock.configure({ schemaRandom: undefined });
    }
  });
});
