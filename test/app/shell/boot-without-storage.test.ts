// @vitest-environment happy-dom
import { afterAll, describe, expect, it } from "vitest";
import { loadLlm } from "../../../src/app/shared/ports/llm-loader";
import { en } from "../../../src/app/shared/i18n/en";
import { DEFAULT_SETTINGS } from "../../../src/app/shared/settings-model/model";
import { useApp } from "../../../src/app/shared/store";
import { boot } from "../../../src/app/shell/boot";

// boot() warms the transport when idle: it finishes loading inside this file, not in the next file's world.
afterAll(() => loadLlm());

/** No IndexedDB at all (this file loads no fake): the app boots on defaults and says nothing will be kept. */
describe("boot without storage", () => {
  it("keeps the defaults, still routes, and reports storage unavailable", async () => {
    expect(globalThis.indexedDB).toBeUndefined();
    history.replaceState(null, "", "#/agreement");
    await boot();
    const s = useApp.getState();
    expect(s.view).toBe("agreement");
    expect(s.settings).toEqual(DEFAULT_SETTINGS);
    expect(s.status(en)).toBe("This browser's storage is unavailable: nothing will be kept after a reload.");
    expect(document.documentElement.getAttribute("lang")).toBe(s.lang === "zh" ? "zh-CN" : "en");
  });
});
