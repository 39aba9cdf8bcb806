// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { act } from "react";
import { describe, expect, test } from "vitest";
import { formatsFor } from "../../../src/app/shared/i18n/format";
import { useApp } from "../../../src/app/shared/store";
import { InterruptedRunAlert } from "../../../src/app/shell/InterruptedRunAlert";
import { render, until } from "../render";
import { storedRunningRun } from "./stored-run";

/**
 * Issue 26: a run is named after the moment it started, written in the browser's locale when
 * stored. The alert shows that moment in the UI language (en / zh-CN), as the runs list does.
 */
describe("the interrupted-run alert", () => {
  test("writes the run's start in the UI language, not the browser's locale", async () => {
    const createdAt = Date.UTC(2026, 10, 25, 4, 39);
    const meta = await storedRunningRun("docs", { id: "left-running", name: new Date(createdAt).toLocaleString(), createdAt, updatedAt: createdAt });

    for (const lang of ["zh", "en"] as const) {
      act(() => useApp.getState().setLang(lang));
      const view = render(<InterruptedRunAlert />);
      const alert = await until(() => {
        const found = view.container.querySelector('[role="alert"]');
        if (!found) throw new Error("no alert yet");
        return found;
        // The alert's module loads lazily (a first import compiles it): allow it time on a busy machine.
      }, 15_000);
      const text = alert.textContent ?? "";
      expect(text, lang).toContain(`“${formatsFor(lang).dateTime(createdAt)}”`);
      expect(text, lang).not.toContain(meta.name);
      view.unmount();
    }
  });
});
