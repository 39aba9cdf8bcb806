import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appDb } from "../../../../src/app/shared/persist/db";
import { startDraftSync } from "../../../../src/app/shared/persist/draft-sync";
import { restoreLastSession } from "../../../../src/app/shared/persist/history-sync";
import { IDLE_SCORING } from "../../../../src/app/shared/store/scoring-slice";
import { useApp } from "../../../../src/app/shared/store";
import { evaluate, type Sample } from "../../../../src/engine";
import { clearLastSession, loadLastSession } from "../../../../src/storage/db/session";

// The save waits 500 ms after the last change: on a fake clock. fake-indexeddb schedules its work
// with setImmediate, which stays real, so the writes a save starts are let through after.
const settle = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
};
const lastSession = async () => (await loadLastSession((await appDb())!)).session;

const shown: Sample = { id: "shown-1", question: "Capital of France?", answer: "Paris", contexts: ["Paris is the capital of France."], reference: "Paris" };

let stop: () => void = () => undefined;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  await clearLastSession((await appDb())!);
  useApp.setState({ scoring: IDLE_SCORING, selected: ["exact_match"] });
  useApp.getState().clearDraft();
  stop = startDraftSync();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe("the last session follows the form", () => {
  it("saves what was typed 500 ms after the last keystroke, with the ticked metrics and no results", async () => {
    useApp.getState().setField("question", "Capital of Spain?");
    await settle(300);
    useApp.getState().setField("answer", "Madrid");
    await settle(499);
    expect(await lastSession()).toBeUndefined();
    await settle(1);
    const session = (await lastSession())!;
    expect(session.sample).toMatchObject({ question: "Capital of Spain?", answer: "Madrid", contexts: [] });
    expect(session.sample.id).not.toBe("");
    expect(session.metrics).toEqual(["exact_match"]);
    expect(session.results).toEqual({});
    expect(session.historyId).toBeUndefined();
  });

  it("keeps the shown results while the form still holds their sample, and drops them once it does not", async () => {
    const out = await evaluate([shown], ["exact_match"], { concurrency: 1 });
    const results = out.results[0]!.metrics;
    useApp.getState().showResults({ sample: shown, metricIds: ["exact_match"], results, demo: false, model: "m", historyId: "h-7" }, 1000);
    useApp.getState().loadDraft(shown);
    await settle(500);
    let session = (await lastSession())!;
    expect(session.sample.id).toBe("shown-1");
    expect(session.results.exact_match!.score).toBe(results.exact_match!.score);
    expect(session.historyId).toBe("h-7");

    useApp.getState().setField("answer", "Lyon");
    await settle(500);
    session = (await lastSession())!;
    expect(session.sample).toMatchObject({ id: "shown-1", answer: "Lyon" });
    expect(session.results).toEqual({});
    expect(session.historyId).toBeUndefined();
  });

  it("does not save over the session while a run is writing to it", async () => {
    useApp.getState().setField("question", "first");
    await settle(500);
    useApp.getState().startScoring(shown, ["exact_match"], false, "m");
    useApp.getState().setField("question", "typed during the run");
    await settle(500);
    expect((await lastSession())!.sample.question).toBe("first");
  });

  // Issue 26: a reload brought the sample back but the default metrics, so the next Score scored
  // another set than the cards on screen. The ticked metrics and their options come back with it.
  it("a reload brings back the ticked metrics and their options with the sample, results shown or not", async () => {
    useApp.getState().loadDraft(shown);
    useApp.getState().toggleMetric("noise_sensitivity", true);
    await settle(500);
    // An option alone is a change worth saving.
    useApp.getState().setMetricOption("noise_sensitivity", "mode", "irrelevant");
    await settle(500);
    const reload = async () => {
      useApp.setState({ scoring: IDLE_SCORING, selected: ["faithfulness"], metricOptions: {} });
      useApp.getState().clearDraft();
      await restoreLastSession();
      const s = useApp.getState();
      return { question: s.draft.question, selected: s.selected, options: s.metricOptions };
    };
    const expected = { question: shown.question, selected: ["exact_match", "noise_sensitivity"], options: { noise_sensitivity: { mode: "irrelevant" } } };
    expect(await reload()).toEqual(expected);

    // With results on screen the session holds the run's metrics; the ticks are still the form's.
    const out = await evaluate([shown], ["exact_match"], { concurrency: 1 });
    useApp.getState().loadDraft(shown);
    useApp.setState({ selected: ["exact_match", "noise_sensitivity"], metricOptions: { noise_sensitivity: { mode: "irrelevant" } } });
    useApp
      .getState()
      .showResults({ sample: shown, metricIds: ["exact_match"], results: out.results[0]!.metrics, demo: false, model: "m", historyId: null }, 1000);
    await settle(500);
    expect(await reload()).toEqual(expected);
    expect(Object.keys(useApp.getState().scoring.results)).toEqual(["exact_match"]);
  });

  // A pasted conversation, reference calls or grades that do not parse are left out of the sample;
  // the session kept the sample only, so a reload lost what was typed (noticed at issue 28).
  it("a reload brings back pasted text that does not parse, as typed, and forgets it once it parses", async () => {
    const broken = {
      conversation: '[{"role": "user", "content": "Where is my order?"}, {"role": "assistant", "content": ',
      referenceToolCalls: '[{"name": "track_order", "args": {"id": 7}',
      relevantGrades: "d1: two",
    };
    useApp.getState().setField("question", "Where is my order?");
    for (const [field, text] of Object.entries(broken)) useApp.getState().setField(field as keyof typeof broken, text);
    await settle(500);
    const saved = (await lastSession())!;
    expect(saved.unparsed).toEqual(broken);
    expect(saved.sample.messages).toBeUndefined();
    expect(saved.sample.referenceContextGrades).toBeUndefined();

    const reload = async () => {
      stop();
      useApp.getState().clearDraft();
      await restoreLastSession();
      stop = startDraftSync();
      return useApp.getState().draft;
    };
    expect(await reload()).toMatchObject({ question: "Where is my order?", ...broken });

    // Mended, the field is in the sample and nothing is kept beside it.
    useApp.getState().setField("conversation", '[{"role": "user", "content": "Where is my order?"}, {"role": "assistant", "content": "On its way."}]');
    useApp.getState().setField("referenceToolCalls", "");
    useApp.getState().setField("relevantGrades", "d1: 2");
    await settle(500);
    const mended = (await lastSession())!;
    expect(mended.unparsed).toBeUndefined();
    expect(mended.sample.messages).toEqual([
      { role: "user", content: "Where is my order?" },
      { role: "assistant", content: "On its way." },
    ]);
    expect(mended.sample.referenceContextGrades).toEqual({ d1: 2 });
    const draft = await reload();
    expect(JSON.parse(draft.conversation!)).toEqual(mended.sample.messages);
    expect(draft.relevantGrades).toBe("d1: 2");
  });

  it("stopping the sync cancels a save that was waiting", async () => {
    useApp.getState().setField("question", "never saved");
    stop();
    await settle(500);
    expect(await lastSession()).toBeUndefined();
  });
});
