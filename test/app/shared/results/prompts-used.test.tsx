// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { act } from "react";
import { afterEach, describe, expect, test } from "vitest";
import { type CallRecord, type MetricResult, promptHash, resolvePrompt } from "../../../../src/engine";
import { statementsPrompt, verdictsPrompt } from "../../../../src/engine/metrics/faithfulness/prompts";
import { appDb } from "../../../../src/app/shared/persist/db";
import { PromptsUsedNote } from "../../../../src/app/shared/results/PromptsUsedNote";
import { differencesFromActive, promptsUsedBy } from "../../../../src/app/shared/results/prompts-used";
import { activePromptOverrides } from "../../../../src/app/shared/ports/prompt-overrides";
import { deletePromptVersion, listPromptVersions, savePromptVersion, setActiveVersion } from "../../../../src/storage/db/prompt-versions";
import { buttonByText, render, type Rendered, until } from "../../render";

const STRICT = { instruction: "STRICT: a statement counts only if the context says it word for word." };
const strictHash = promptHash(resolvePrompt(verdictsPrompt, STRICT));

function call(promptId: string, hash: string, promptVersion?: string): CallRecord {
  return {
    promptId,
    promptHash: hash,
    ...(promptVersion ? { promptVersion } : {}),
    model: "m",
    mode: "json_schema",
    promptTokens: 1,
    completionTokens: 1,
    latencyMs: 1,
    attempts: 1,
    cached: false,
    messages: [],
    raw: "{}",
  } as unknown as CallRecord;
}

/** Faithfulness as a history entry scored with the "strict" verdicts version keeps it. */
const scoredStrict: Record<string, MetricResult> = {
  faithfulness: {
    score: 0.5,
    reason: "",
    trace: { calls: [call("faithfulness.statements", promptHash(statementsPrompt)), call("faithfulness.verdicts", strictHash, "strict")] },
  } as unknown as MetricResult,
};

/** The note's text as now rendered (the note reads IndexedDB, so a test waits for the text it expects with `until`). */
const text = () => shown!.container.textContent;

let shown: Rendered | undefined;
afterEach(() => shown?.unmount());

describe("prompt versions of shown results against the active ones", () => {
  test("names the prompt whose version differs, finds its saved version, and Use these versions makes it active again", async () => {
    const db = (await appDb())!;
    const strict = await savePromptVersion(db, { promptId: "faithfulness.verdicts", name: "strict", override: STRICT }, { activate: false });
    await setActiveVersion(db, "faithfulness.verdicts", null);

    expect(promptsUsedBy(scoredStrict).map((u) => [u.promptId, u.versionName])).toEqual([
      ["faithfulness.statements", null],
      ["faithfulness.verdicts", "strict"],
    ]);
    expect(await differencesFromActive(db, promptsUsedBy(scoredStrict), await activePromptOverrides())).toEqual([
      { promptId: "faithfulness.verdicts", hash: strictHash, versionName: "strict", versionId: strict.id },
    ]);

    shown = render(<PromptsUsedNote results={scoredStrict} />);
    await until(() => expect(text()).not.toBe(""));
    const note = shown.container.querySelector('[aria-label="Prompt versions used"]');
    expect(note?.textContent).toContain("Scored with prompt versions that are not active now: faithfulness.verdicts (“strict”).");
    await act(async () => buttonByText(shown!.container, "Use these versions").click());
    await until(() => expect(text()).toBe(""));
    expect((await activePromptOverrides())["faithfulness.verdicts"]?.instruction).toBe(STRICT.instruction);
  });

  test("a version deleted since is named as gone, with nothing to switch to", async () => {
    const db = (await appDb())!;
    const again = await savePromptVersion(db, { promptId: "faithfulness.verdicts", name: "strict", override: STRICT }, { activate: false });
    await setActiveVersion(db, "faithfulness.verdicts", null);
    await deletePromptVersion(db, again.id);
    for (const v of (await listPromptVersions(db, "faithfulness.verdicts")).versions) await deletePromptVersion(db, v.id);

    shown = render(<PromptsUsedNote results={scoredStrict} />);
    await until(() => expect(text()).toContain("faithfulness.verdicts (“strict”, no longer saved)"));
    expect(shown.container.querySelector("button")).toBeNull();
  });
});
