// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { act } from "react";
import { describe, expect, test } from "vitest";
import { appDb } from "../../../src/app/shared/persist/db";
import { PromptPicker } from "../../../src/app/runs/PromptPicker";
import type { PromptOverrides } from "../../../src/engine";
import { savePromptVersion } from "../../../src/storage/db/prompt-versions";
import { byName, render, until } from "../render";

describe("PromptPicker", () => {
  test("defaults to the studio's active version, lists only prompts with saved versions, and can switch to built-in", async () => {
    const db = (await appDb())!;
    const older = await savePromptVersion(db, { promptId: "faithfulness.statements", name: "terse", override: { instruction: "Split tersely." } });
    const active = await savePromptVersion(
      db,
      { promptId: "faithfulness.statements", name: "strict", override: { instruction: "Split strictly." } },
      { activate: true },
    );
    const seen: PromptOverrides[] = [];
    const view = render(<PromptPicker metrics={["faithfulness", "context_recall"]} onChange={(o) => seen.push(o)} />);
    // The saved versions come from IndexedDB: the select appears once they are read.
    const select = await until(() => byName<HTMLSelectElement>(view.container, "Prompt version for faithfulness.statements"));
    expect(select.value).toBe(active.id);
    expect([...select.options].map((o) => o.textContent)).toEqual(["built-in defaults", "terse", "strict"]);
    expect(view.container.querySelectorAll("select")).toHaveLength(1);
    expect(seen.at(-1)).toEqual({ "faithfulness.statements": { instruction: "Split strictly.", versionName: "strict" } });

    await act(async () => {
      select.value = older.id;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(seen.at(-1)!["faithfulness.statements"]!.versionName).toBe("terse");
    await act(async () => {
      select.value = "";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(seen.at(-1)).toEqual({});
    view.unmount();
  });
});
