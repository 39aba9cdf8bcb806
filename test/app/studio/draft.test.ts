import { describe, expect, it } from "vitest";
import { resolvePrompt } from "../../../src/engine";
import { statementsPrompt, verdictsPrompt } from "../../../src/engine/metrics/faithfulness/prompts";
import { checkDraft, draftOf, sameDraft } from "../../../src/app/studio/logic/draft";

describe("checkDraft", () => {
  it("the default draft is valid, has the default hash and an empty override", () => {
    const r = checkDraft(verdictsPrompt, draftOf(verdictsPrompt));
    expect(r.issues).toEqual([]);
    expect(r.isDefault).toBe(true);
    expect(r.override).toEqual({});
    expect(r.hash).toBe(resolvePrompt(verdictsPrompt).hash);
  });

  it("an edited instruction gives an override with only that field, and the engine's hash for it", () => {
    const draft = { ...draftOf(verdictsPrompt), instruction: "Be strict." };
    const r = checkDraft(verdictsPrompt, draft);
    expect(r.override).toEqual({ instruction: "Be strict." });
    expect(r.hash).toBe(resolvePrompt(verdictsPrompt, { instruction: "Be strict." }).hash);
    expect(r.hash).not.toBe(resolvePrompt(verdictsPrompt).hash);
    expect(r.isDefault).toBe(false);
  });

  it("an unknown template variable is an error placed on it; a missing one an error on the field", () => {
    const inputTemplate = "Question: {{questoin}}\nAnswer: {{answer}}";
    const r = checkDraft(statementsPrompt, { ...draftOf(statementsPrompt), inputTemplate });
    expect(r.override).toBeUndefined();
    expect(r.hash).toBeUndefined();
    const unknown = r.issues.find((i) => i.message.startsWith("unknown variable {{questoin}}"))!;
    expect(unknown.field).toBe("inputTemplate");
    expect(inputTemplate.slice(unknown.start, unknown.end)).toBe("{{questoin}}");
    const missing = r.issues.find((i) => i.message.includes("never uses {{question}}"))!;
    expect(missing.start).toBeUndefined();
  });

  it("a variable in the instruction and an empty instruction are errors", () => {
    const r = checkDraft(statementsPrompt, { ...draftOf(statementsPrompt), instruction: "Use {{answer}}" });
    expect(r.issues.map((i) => [i.field, i.severity])).toEqual([["instruction", "error"]]);
    expect(checkDraft(statementsPrompt, { ...draftOf(statementsPrompt), instruction: "  " }).issues[0]!.message).toBe("the instruction is empty");
  });

  it("an instruction over the size cap is an error on the instruction, as the CLI's --prompts says it", () => {
    const r = checkDraft(statementsPrompt, { ...draftOf(statementsPrompt), instruction: "長".repeat(8001) });
    expect(r.override).toBeUndefined();
    expect(r.issues).toEqual([{ field: "instruction", severity: "error", message: "the instruction is 8,001 characters long; the most is 8,000: shorten it" }]);
    expect(checkDraft(statementsPrompt, { ...draftOf(statementsPrompt), instruction: "長".repeat(8000) }).issues).toEqual([]);
  });

  it("broken examples block the draft but instruction problems are still found", () => {
    const r = checkDraft(statementsPrompt, { ...draftOf(statementsPrompt), instruction: "", examplesText: "[" });
    expect(r.issues.map((i) => i.field).sort()).toEqual(["examplesText", "instruction"]);
  });

  it("drafts of an override round-trip", () => {
    const override = { instruction: "x", examples: [] };
    const draft = draftOf(verdictsPrompt, override);
    expect(draft.examplesText).toBe("[]");
    expect(checkDraft(verdictsPrompt, draft).override).toEqual(override);
    expect(sameDraft(draft, draftOf(verdictsPrompt, override))).toBe(true);
    expect(sameDraft(draft, draftOf(verdictsPrompt))).toBe(false);
  });
});
