// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { act } from "react";
import { describe, expect, test } from "vitest";
import { useApp } from "../../../src/app/shared/store";
import { BaselinePicker } from "../../../src/app/studio/BaselinePicker";
import { draftOf } from "../../../src/app/studio/logic/draft";
import { baselineOf, promptById, useStudio } from "../../../src/app/studio/state/store";
import { loadStudio, saveDraftAsVersion } from "../../../src/app/studio/state/versions";
import { render } from "../render";

/** "Compare with" in the studio's try-it panel: what it shows after a save, and what choosing sets. */

const ID = "faithfulness.verdicts";
const prompt = promptById(ID);

const selected = (root: HTMLElement) => root.querySelector<HTMLSelectElement>("#studio-baseline")!;
const shown = (select: HTMLSelectElement) => [...select.options].find((o) => o.value === select.value)!.textContent;
const hint = (root: HTMLElement) => root.querySelector("#baseline-hint")!.textContent;

describe("Compare with", () => {
  test("after Save version it shows the version active before the save, says when the draft is the baseline's text, and a choice sets the baseline (en, zh)", async () => {
    useApp.setState({ lang: "en" });
    await loadStudio();
    const view = render(<BaselinePicker promptId={ID} />);
    const select = selected(view.container);
    expect(view.container.querySelector('label[for="studio-baseline"]')!.textContent).toBe("Compare with");
    expect(shown(select)).toBe("built-in default (active)");
    // The untouched draft is the default's text: comparing it with the default shows nothing.
    expect(hint(view.container)).toBe("This text is the version it is compared with: choose another in “Compare with” to see a difference.");

    await act(async () => {
      useStudio.setState((s) => ({ drafts: { ...s.drafts, [ID]: { ...draftOf(prompt), instruction: "Strict." } } }));
      await saveDraftAsVersion(ID, "strict");
    });
    expect(shown(select)).toBe("built-in default");
    expect([...select.options].map((o) => o.textContent)).toEqual(["built-in default", "strict (active)"]);
    expect(hint(view.container)).toBe("After Save version this is the version that was active before the save.");

    const strictId = useStudio.getState().versions.find((v) => v.name === "strict")!.id;
    await act(async () => {
      select.value = strictId;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(baselineOf(useStudio.getState(), ID)).toBe(strictId);
    expect(shown(select)).toBe("strict (active)");
    expect(hint(view.container)).toMatch(/^This text is the version it is compared with/);

    await act(async () => useApp.setState({ lang: "zh" }));
    expect(view.container.querySelector('label[for="studio-baseline"]')!.textContent).toBe("对比基准");
    expect(shown(select)).toBe("strict（使用中）");
    expect(hint(view.container)).toBe("此文本与对比基准的版本相同：在“对比基准”中选择另一个版本才能看到差别。");
    view.unmount();
  });
});
