// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { act } from "react";
import { describe, expect, test, vi } from "vitest";
import { useCustomJudges } from "../../../src/app/shared/persist/custom-judges";
import { appDb } from "../../../src/app/shared/persist/db";
import { useApp } from "../../../src/app/shared/store";
import { CustomJudges } from "../../../src/app/studio/CustomJudges";
import { customJudgeVersions, deleteCustomJudge, listCustomJudges, saveCustomJudges } from "../../../src/storage/db/custom-judges";
import { byName, buttonByText, click, render, type, until } from "../render";

async function choose(select: HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

describe("the studio's judge form", () => {
  test("a rubric judge is written, checked, previewed, saved with versions and deleted", async () => {
    useApp.setState({ lang: "en" });
    const view = render(<CustomJudges />);
    await until(() => expect(useCustomJudges.getState().loaded).toBe(true));
    await click(byName(view.container, "New judge"));
    const save = byName<HTMLButtonElement>(view.container, "Save judge");
    expect(save.disabled).toBe(true);

    await type(byName(view.container, "Judge name"), "Cites its sources");
    expect(view.container.textContent).toContain("id custom:cites-its-sources");
    expect(view.container.textContent).toContain("a judge needs a definition");
    await type(byName(view.container, "Judge definition"), "Every claim names the context it comes from.");
    await click(byName(view.container, "Judge sees contexts"));
    expect(save.disabled).toBe(false);

    await choose(byName(view.container, "Judge scale"), "rubric");
    expect(save.disabled).toBe(true);
    expect(view.container.textContent).toContain("every rubric level needs a description");
    for (const n of [1, 2, 3, 4, 5]) await type(byName(view.container, `Level ${n}`), `level ${n} text`);
    await choose(byName(view.container, "Judge strictness"), "3");
    // The prompt the judge will send carries the definition and every level.
    const preview = view.container.querySelector(".judge-preview")!.textContent!;
    expect(preview).toContain("Every claim names the context it comes from.");
    expect(preview).toContain("level 5 text");
    await click(save);
    await until(() => expect(view.container.textContent).toContain("Saved Cites its sources (version 1)."));

    const db = (await appDb())!;
    const { judges } = await listCustomJudges(db);
    expect(judges).toEqual([
      {
        slug: "cites-its-sources",
        name: "Cites its sources",
        definition: "Every claim names the context it comes from.",
        inputs: ["question", "answer", "contexts"],
        scale: "rubric",
        levels: ["level 1 text", "level 2 text", "level 3 text", "level 4 text", "level 5 text"],
        strictness: 3,
        version: 1,
      },
    ]);
    // The notice follows the store's reload of the judges: waited for, not slept for.
    await vi.waitFor(() => expect(view.container.textContent).toContain("Saved Cites its sources (version 1)."));

    // Editing keeps the slug and makes the next version.
    await click(buttonByText(view.container, "Edit"));
    await type(byName(view.container, "Judge definition"), "Every claim cites its context by number.");
    await click(byName(view.container, "Save judge"));
    await until(() => expect(view.container.textContent).toContain("Saved Cites its sources (version 2)."));
    expect((await customJudgeVersions(db, "cites-its-sources")).map((j) => [j.version, j.definition])).toEqual([
      [1, "Every claim names the context it comes from."],
      [2, "Every claim cites its context by number."],
    ]);
    expect(view.container.textContent).toContain("version 2");

    // A {{variable}} in the judge's words would make every sample invalid_prompt: refused in the form.
    await click(buttonByText(view.container, "Edit"));
    await type(byName(view.container, "Judge definition"), "Every claim in {{answer}} cites its context.");
    expect(byName<HTMLButtonElement>(view.container, "Save judge").disabled).toBe(true);
    expect(view.container.textContent).toContain('judge "Cites its sources" (custom:cites-its-sources): {{answer}} is a template variable');
    await click(buttonByText(view.container, "Cancel"));

    await click(byName(view.container, "Delete judge cites-its-sources"));
    await until(() => expect(view.container.textContent).toContain("Deleted Cites its sources."));
    expect((await listCustomJudges(db)).judges).toEqual([]);
    view.unmount();
  });

  // Every name without Latin letters slugs to "judge": the second Chinese judge was saved as version 2
  // of the first, which vanished from the list (its versions are keyed by the slug).
  test("two new judges named in Chinese are two judges, each with its own id and versions", async () => {
    useApp.setState({ lang: "en" });
    const view = render(<CustomJudges />);
    await until(() => expect(useCustomJudges.getState().loaded).toBe(true));
    const add = async (name: string, definition: string) => {
      await click(byName(view.container, "New judge"));
      await type(byName(view.container, "Judge name"), name);
      await type(byName(view.container, "Judge definition"), definition);
      const id = view.container.querySelector(".judge-id")!.textContent;
      await click(byName(view.container, "Save judge"));
      await until(() => expect(view.container.querySelector(".judge-form")).toBeNull());
      return id;
    };
    const firstId = await add("礼貌", "回答语气礼貌。");
    const secondId = await add("引用来源", "每个论断都注明出自哪段上下文。");
    expect(firstId).toContain("custom:judge");
    expect(secondId).toContain("custom:judge-2");

    const db = (await appDb())!;
    const { judges } = await listCustomJudges(db);
    expect(judges.map((j) => [j.slug, j.name, j.version]).sort()).toEqual([
      ["judge", "礼貌", 1],
      ["judge-2", "引用来源", 1],
    ]);
    expect(
      useCustomJudges
        .getState()
        .judges.map((j) => j.name)
        .sort(),
    ).toEqual(["引用来源", "礼貌"].sort());
    // In Chinese the list and the last notice are Chinese, the scale too (they were left in English).
    await act(async () => useApp.setState({ lang: "zh" }));
    expect(view.container.textContent).toContain("已保存 引用来源（版本 1）。");
    expect(view.container.textContent).toContain("二元 · k = 1");
    expect(view.container.textContent).not.toContain("binary");
    await act(async () => useApp.setState({ lang: "en" }));
    // The first judge's versions hold only its own definition, none of the second's.
    expect((await customJudgeVersions(db, "judge")).map((j) => j.definition)).toEqual(["回答语气礼貌。"]);
    for (const slug of ["judge", "judge-2"]) await click(byName(view.container, `Delete judge ${slug}`));
    await until(() => expect(useCustomJudges.getState().judges).toEqual([]));
    view.unmount();
  });

  // The form picks a free slug from the list it has read; a judge saved since (in another tab, or
  // before this tab's list loaded) held that slug, and saving made the new judge its version 2.
  test("a new judge whose id another tab took meanwhile is saved under the next free id, hiding nothing", async () => {
    useApp.setState({ lang: "en" });
    const view = render(<CustomJudges />);
    await until(() => expect(useCustomJudges.getState().loaded).toBe(true));
    await click(byName(view.container, "New judge"));
    await type(byName(view.container, "Judge name"), "引用来源");
    await type(byName(view.container, "Judge definition"), "每个论断都注明出自哪段上下文。");
    expect(view.container.querySelector(".judge-id")!.textContent).toContain("custom:judge");
    const db = (await appDb())!;
    await saveCustomJudges(db, [{ slug: "judge", name: "礼貌", definition: "回答语气礼貌。", inputs: ["question", "answer"], scale: "binary" }]);
    await click(byName(view.container, "Save judge"));
    await until(() => expect(view.container.querySelector(".judge-form")).toBeNull());
    const { judges } = await listCustomJudges(db);
    expect(judges.map((j) => [j.slug, j.name, j.version]).sort()).toEqual([
      ["judge", "礼貌", 1],
      ["judge-2", "引用来源", 1],
    ]);
    expect((await customJudgeVersions(db, "judge")).map((j) => j.definition)).toEqual(["回答语气礼貌。"]);
    expect(useCustomJudges.getState().judges.map((j) => j.slug)).toContain("judge-2");
    for (const slug of ["judge", "judge-2"]) await deleteCustomJudge(db, slug);
    view.unmount();
  });
});
