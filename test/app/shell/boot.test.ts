// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appDb } from "../../../src/app/shared/persist/db";
import { toStored } from "../../../src/app/shared/persist/settings-map";
import { en } from "../../../src/app/shared/i18n/en";
import { zh } from "../../../src/app/shared/i18n/zh";
import { DEFAULT_SETTINGS } from "../../../src/app/shared/settings-model/model";
import { useApp } from "../../../src/app/shared/store";
import { boot } from "../../../src/app/shell/boot";
import { loadLlm } from "../../../src/app/shared/ports/llm-loader";
import { evaluate, type Sample } from "../../../src/engine";
import { addHistoryEntry } from "../../../src/storage/db/history";
import { loadLastSession, saveLastSession } from "../../../src/storage/db/session";
import { loadSettings, saveSettings } from "../../../src/storage/db/settings";

/**
 * A reload, in Node: saved work in (fake) IndexedDB, a URL, then boot(). The debounced saves run
 * on a fake clock; fake-indexeddb's setImmediate stays real.
 */
const settle = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
};

const saved: Sample = { id: "s-saved", question: "Capital of Italy?", answer: "Rome", contexts: ["Rome is the capital of Italy."], reference: "Rome" };

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const db = (await appDb())!;
  await saveSettings(db, toStored({ ...DEFAULT_SETTINGS, model: "gpt-4.1-mini", concurrency: 5 }, { language: "zh", bypassCache: true }));
  const results = (await evaluate([saved], ["exact_match"], { concurrency: 1 })).results[0]!.metrics;
  const entry = await addHistoryEntry(db, { sample: saved, metrics: ["exact_match"], results, model: "judge-of-then", demo: true });
  await saveLastSession(db, { sample: saved, metrics: ["exact_match"], results, historyId: entry.id });
  history.replaceState(null, "", "#/prompts");
  await boot();
});
afterAll(async () => {
  vi.useRealTimers();
  // boot() warms the transport when idle: it finishes loading inside this file, not in the next
  // file's world (whose environment its import would land after, a teardown error there).
  await loadLlm();
});

describe("boot", () => {
  it("opens the view the URL names", () => {
    expect(useApp.getState().view).toBe("prompts");
  });

  it("restores saved settings and language, then says it is ready in that language", () => {
    const s = useApp.getState();
    expect(s.settings).toMatchObject({ model: "gpt-4.1-mini", concurrency: 5 });
    expect(s.lang).toBe("zh");
    expect(s.bypassCache).toBe(true);
    expect(s.status(zh)).toBe(zh.status.ready);
    expect(s.status(en)).toBe("Ready.");
    expect(document.documentElement.getAttribute("lang")).toBe("zh-CN");
  });

  it("brings back the last session: the form, and its results with the model and demo flag of their history entry", () => {
    const s = useApp.getState();
    expect(s.history.map((h) => h.sample.id)).toEqual(["s-saved"]);
    expect(s.draft.question).toBe("Capital of Italy?");
    expect(s.draft.contexts.map((c) => c.text)).toEqual(["Rome is the capital of Italy."]);
    expect(s.scoring).toMatchObject({
      status: "done",
      sample: saved,
      metricIds: ["exact_match"],
      model: "judge-of-then",
      demo: true,
      historyId: s.history[0]!.id,
    });
    expect(s.scoring.results.exact_match!.score).toBe(1);
  });

  it("keeps <html lang> in step with a language switch", () => {
    useApp.setState({ lang: "en" });
    expect(document.documentElement.getAttribute("lang")).toBe("en");
  });

  it("starts the syncs after restoring: a settings change and a typed answer are saved", async () => {
    useApp.getState().updateSettings({ model: "gpt-4o" });
    useApp.getState().setField("answer", "Roma");
    await settle(500);
    const db = (await appDb())!;
    expect((await loadSettings(db)).settings).toMatchObject({ model: "gpt-4o", concurrency: 5, language: "en", bypassCache: true });
    const session = (await loadLastSession(db)).session!;
    expect(session.sample).toMatchObject({ id: "s-saved", answer: "Roma" });
    expect(session.results).toEqual({});
  });
});
