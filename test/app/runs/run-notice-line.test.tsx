// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { act } from "react";
import { afterEach, describe, expect, test } from "vitest";
import { startRun } from "../../../src/app/runs/run-actions";
import { useRuns } from "../../../src/app/runs/run-state";
import { RunNoticeLine } from "../../../src/app/runs/RunNoticeLine";
import { appDb } from "../../../src/app/shared/persist/db";
import { useApp } from "../../../src/app/shared/store";
import { createDataset } from "../../../src/storage/db/datasets";
import { render } from "../render";

/**
 * Issue 17: a run that cannot start says why next to the button that was pressed (not above it,
 * off-screen), with a way to Settings when the fix is there; the other buttons' lines stay empty.
 */

const samples = [{ id: "s1", question: "Capital?", answer: "Paris.", contexts: ["Paris is the capital."], reference: "Paris." }];

afterEach(() => {
  useRuns.setState({ notice: null });
  useApp.setState({ settingsOpen: false, lang: "en" });
});

describe("the line next to a run button", () => {
  test("Start without a key: the reason and 'Open Settings' next to Start only, which opens Settings", async () => {
    useApp.setState({ apiKey: "", lang: "en" });
    const db = (await appDb())!;
    const dataset = await createDataset(db, { name: "one", source: { file: "one.jsonl", kind: "jsonl" }, samples });
    const start = render(<RunNoticeLine at="start" />);
    const resume = render(<RunNoticeLine at="resume" />);

    await act(async () => {
      await startRun(dataset.id, { metrics: ["faithfulness"], repeat: 1, concurrency: 1 });
    });

    const alert = start.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toMatch(/API key/);
    expect(resume.container.textContent).toBe("");
    const settings = alert!.querySelector("button")!;
    expect(settings.textContent).toBe("Open Settings");
    expect(useApp.getState().settingsOpen).toBe(false);
    act(() => settings.click());
    expect(useApp.getState().settingsOpen).toBe(true);

    // The way to Settings follows the UI language.
    act(() => useApp.setState({ lang: "zh" }));
    expect(start.container.querySelector("button")!.textContent).toBe("打开设置");
    start.unmount();
    resume.unmount();
  });
});
