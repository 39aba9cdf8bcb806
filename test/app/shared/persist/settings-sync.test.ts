// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { appDb } from "../../../../src/app/shared/persist/db";
import { forgetKeyEverywhere, restoreSettings, startSettingsSync } from "../../../../src/app/shared/persist/settings-sync";
import { DEFAULT_SETTINGS } from "../../../../src/app/shared/settings-model/model";
import { useApp } from "../../../../src/app/shared/store";
import { loadRememberedKey } from "../../../../src/storage/db/keys";
import { loadSettings } from "../../../../src/storage/db/settings";

// The save waits 300 ms after the last change: on a fake clock here. fake-indexeddb schedules its
// work with setImmediate, which stays real, so the writes the save starts are let through after.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
});
const settle = async () => {
  await vi.advanceTimersByTimeAsync(450);
  for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe("settings and the key in IndexedDB", () => {
  test("settings are saved; the key only while 'Remember on this device' is on", async () => {
    const stop = startSettingsSync();
    const db = (await appDb())!;
    useApp.setState({ apiKey: "sk-memory-only" });
    useApp.getState().updateSettings({ model: "gpt-4.1-mini", concurrency: 3 });
    await settle();
    expect((await loadSettings(db)).settings.model).toBe("gpt-4.1-mini");
    expect((await loadRememberedKey(db)).key).toBeUndefined();
    // Nothing key-like in the stored settings.
    expect(JSON.stringify(await db.get("settings", "settings"))).not.toContain("sk-memory-only");

    useApp.getState().updateSettings({ rememberKey: true });
    await settle();
    expect((await loadRememberedKey(db)).key).toBe("sk-memory-only");

    // A reload: memory is empty, the saved settings and the remembered key come back (boot
    // restores before it starts syncing, so the empty memory is not written back).
    stop();
    useApp.setState({ apiKey: "", settings: DEFAULT_SETTINGS });
    await restoreSettings();
    const stopAgain = startSettingsSync();
    expect(useApp.getState().settings.model).toBe("gpt-4.1-mini");
    expect(useApp.getState().apiKey).toBe("sk-memory-only");

    await forgetKeyEverywhere();
    await settle();
    expect(useApp.getState().apiKey).toBe("");
    expect(useApp.getState().settings.rememberKey).toBe(false);
    expect((await loadRememberedKey(db)).key).toBeUndefined();
    stopAgain();
  });
});
