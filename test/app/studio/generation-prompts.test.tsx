// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { act } from "react";
import { describe, expect, it } from "vitest";
import { activePromptOverrides } from "../../../src/app/shared/ports/prompt-overrides";
import { useApp } from "../../../src/app/shared/store";
import { checkDraft } from "../../../src/app/studio/logic/draft";
import { PromptList } from "../../../src/app/studio/PromptList";
import { promptById, setDraftField, useStudio } from "../../../src/app/studio/state/store";
import { scoreWithDraft } from "../../../src/app/studio/state/compare-run";
import { exportText, importText, loadStudio, saveDraftAsVersion } from "../../../src/app/studio/state/versions";
import { studioT } from "../../../src/app/studio/messages";
import { TryPanel } from "../../../src/app/studio/TryPanel";
import { resolvePrompt } from "../../../src/engine";
import { quickPrompt } from "../../../src/engine/testset/prompts-query";
import { parsePromptSet } from "../../../src/storage/format/prompt-set";
import { render } from "../render";

/**
 * Issue 28: test-set generation's prompts in the prompt studio, listed under their own heading and
 * edited, versioned and exported like a metric's; the version saved and kept active is what the
 * app's generation reads (activePromptOverrides, the same read generation.ts makes before it starts).
 */

const groupOf = (root: HTMLElement, heading: string) =>
  [...root.querySelectorAll("section.studio-group")].find((s) => s.querySelector("h3")?.textContent === heading);

describe("generation prompts in the prompt studio", () => {
  it("lists generation's seven prompts under their heading, marks the shared statement steps, and offers no Try for them (en, zh)", async () => {
    useApp.setState({ lang: "en" });
    await loadStudio();
    const list = render(<PromptList />);
    const group = groupOf(list.container, "Test-set generation");
    expect([...(group?.querySelectorAll("li code") ?? [])].map((c) => c.textContent)).toEqual([
      "testset.extract",
      "testset.summary",
      "testset.personas",
      "testset.single_hop",
      "testset.multi_hop",
      "testset.quick",
      "testset.closed_book",
    ]);
    expect(group?.querySelector("li .studio-prompt-title")?.textContent).toBe("themes, entities and quality of a chunk");
    const statements = groupOf(list.container, "Faithfulness")?.querySelector("li .studio-shared")?.textContent;
    expect(statements).toContain("Test-set generation");

    act(() => useStudio.setState({ selectedId: quickPrompt.id }));
    const tryPanel = render(<TryPanel />);
    expect(tryPanel.container.textContent).toContain("Test-set generation sends this prompt");
    expect(tryPanel.container.querySelector("button")).toBeNull();
    // asked anyway (a shortcut), scoring refuses in words and sends nothing
    await scoreWithDraft();
    expect(useStudio.getState().tryNotice?.text(studioT())).toContain("no metric scores with it");

    act(() => useApp.setState({ lang: "zh" }));
    expect(groupOf(list.container, "测试集生成")).toBeDefined();
    expect(tryPanel.container.textContent).toContain("这个提示词由测试集生成发送");
    act(() => useApp.setState({ lang: "en" }));
    list.unmount();
    tryPanel.unmount();
  });

  it("an edited generation prompt is saved as a version, becomes what generation reads, and round-trips through a prompt set file", async () => {
    await loadStudio();
    const edited = "Write one question these passages answer, and its answer, in the language named.";
    setDraftField(quickPrompt.id, "instruction", edited);
    const list = render(<PromptList />);
    expect(groupOf(list.container, "Test-set generation")?.querySelectorAll(".badge-edited")).toHaveLength(1);
    const hash = checkDraft(promptById(quickPrompt.id), useStudio.getState().drafts[quickPrompt.id]!).hash;
    await act(async () => {
      expect(await saveDraftAsVersion(quickPrompt.id, "terse")).toBe(true);
    });
    expect(await activePromptOverrides()).toMatchObject({ [quickPrompt.id]: { instruction: edited, versionName: "terse" } });
    expect(groupOf(list.container, "Test-set generation")?.querySelector(".badge-version")?.textContent).toBe("active: terse");

    const { text, count } = exportText();
    expect(count).toBe(1);
    const parsed = parsePromptSet(text, "set.json");
    if (!parsed.ok) throw new Error(parsed.message);
    expect(resolvePrompt(quickPrompt, parsed.overrides[quickPrompt.id]).hash).toBe(hash);

    // imported into another browser profile's studio, it is the active version there too
    const other = JSON.stringify({
      format: "ragas-playground/prompts",
      version: 2,
      prompts: { "testset.summary": { instruction: "Summarise in two sentences." } },
    });
    await importText(other, "other.json");
    expect(useStudio.getState().notice?.kind).toBe("info");
    expect((await activePromptOverrides())["testset.summary"]).toMatchObject({ instruction: "Summarise in two sentences." });
    list.unmount();
  });
});
