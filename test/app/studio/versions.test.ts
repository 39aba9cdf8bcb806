import "fake-indexeddb/auto";
import { studioT } from "../../../src/app/studio/messages";
import { describe, expect, it } from "vitest";
import { resolvePrompt } from "../../../src/engine";
import { verdictsPrompt } from "../../../src/engine/metrics/faithfulness/prompts";
import { parsePromptSet } from "../../../src/storage/format/prompt-set";
import { activePromptOverrides } from "../../../src/app/shared/ports/prompt-overrides";
import { checkDraft } from "../../../src/app/studio/logic/draft";
import { setDraftField, useStudio } from "../../../src/app/studio/state/store";
import { activate, exportText, importText, loadStudio, saveDraftAsVersion } from "../../../src/app/studio/state/versions";

const ID = verdictsPrompt.id;
const draft = () => useStudio.getState().drafts[ID]!;

describe("studio versions over IndexedDB", () => {
  it("saves a draft as the active version; the export is a prompt set the CLI reads with the same hash", async () => {
    await loadStudio();
    expect(draft().instruction).toBe(verdictsPrompt.instruction);
    setDraftField(ID, "instruction", "Be strict.");
    const hash = checkDraft(verdictsPrompt, draft()).hash;
    expect(await saveDraftAsVersion(ID, "strict")).toBe(true);
    expect(useStudio.getState().notice?.text(studioT())).toMatch(/Saved “strict”/);

    // The playground reads the same active set from storage.
    expect(await activePromptOverrides()).toEqual({ [ID]: { instruction: "Be strict.", versionName: "strict" } });

    const { text, count, unsaved } = exportText();
    expect([count, unsaved]).toEqual([1, false]);
    const parsed = parsePromptSet(text, "set.json");
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(resolvePrompt(verdictsPrompt, parsed.overrides[ID]).hash).toBe(hash);
  });

  it("refuses to save an invalid draft or one without a name", async () => {
    setDraftField(ID, "inputTemplate", "{{context}} {{nope}}");
    expect(await saveDraftAsVersion(ID, "broken")).toBe(false);
    expect(useStudio.getState().notice?.kind).toBe("error");
    expect(useStudio.getState().notice?.text(studioT())).toBe("Fix the problems first: the judge would refuse this prompt.");
    setDraftField(ID, "inputTemplate", verdictsPrompt.inputTemplate);
    expect(await saveDraftAsVersion(ID, "  ")).toBe(false);
    expect(exportText().unsaved).toBe(false);
  });

  it("a bad prompt set file changes nothing", async () => {
    const before = { versions: useStudio.getState().versions, active: useStudio.getState().active };
    const bad = JSON.stringify({ format: "ragas-playground/prompts", version: 1, prompts: { [ID]: { inputTemplate: "{{nope}}" } } });
    await importText(bad, "bad.json");
    expect(useStudio.getState().notice?.kind).toBe("error");
    expect(useStudio.getState().notice?.text(studioT())).toMatch(/^Nothing was changed\. bad\.json: /);
    await importText("not json", "x.json");
    expect(useStudio.getState().notice?.text(studioT())).toMatch(/^Nothing was changed\. x\.json: not valid JSON/);
    expect({ versions: useStudio.getState().versions, active: useStudio.getState().active }).toEqual(before);
    expect(await activePromptOverrides()).toEqual({ [ID]: { instruction: "Be strict.", versionName: "strict" } });
  });

  it("a prompt set whose judge holds a {{variable}} changes nothing and says which judge and variable", async () => {
    const before = { versions: useStudio.getState().versions, active: useStudio.getState().active };
    const file = JSON.stringify({
      format: "ragas-playground/prompts",
      version: 2,
      prompts: { "context_recall.statements": { instruction: "Recall, carefully." } },
      judges: [
        { slug: "depth", name: "Depth", definition: "How deep it goes.", inputs: ["answer"], scale: "rubric", levels: ["a", "b", "c {{contexts}}", "d", "e"] },
      ],
    });
    await importText(file, "judges.json");
    expect(useStudio.getState().notice?.kind).toBe("error");
    expect(useStudio.getState().notice?.text(studioT())).toMatch(
      /^Nothing was changed\. judges\.json: judges\[0\]\.levels\[2\]: judge "Depth" \(custom:depth\): \{\{contexts\}\} is a template variable/,
    );
    expect({ versions: useStudio.getState().versions, active: useStudio.getState().active }).toEqual(before);
  });

  it("importing a good file makes exactly its prompts active and opens them in the editors", async () => {
    const file = JSON.stringify({
      format: "ragas-playground/prompts",
      version: 1,
      prompts: { "context_recall.statements": { instruction: "Recall, carefully.", versionName: "careful" } },
    });
    await importText(file, "good.json");
    expect(useStudio.getState().notice?.text(studioT())).toMatch(/^Imported 1 prompt from good\.json/);
    expect(await activePromptOverrides()).toEqual({ "context_recall.statements": { instruction: "Recall, carefully.", versionName: "careful" } });
    expect(useStudio.getState().drafts["context_recall.statements"]!.instruction).toBe("Recall, carefully.");
    // The earlier version is kept, just not active; choosing it again works.
    const strict = useStudio.getState().versions.find((v) => v.name === "strict")!;
    await activate(ID, strict.id);
    expect(Object.keys(await activePromptOverrides()).sort()).toEqual(["context_recall.statements", ID]);
  });
});
