import { describe, expect, it } from "vitest";
import { allPrompts, validatePrompt } from "../../../src/engine";
import { editablePrompts, generationPromptIds, isGenerationPrompt } from "../../../src/engine/prompts/catalogue";
import { testsetPrompts } from "../../../src/engine/testset";

/** The prompts a user may edit: the metrics', then test-set generation's own, each once. */
describe("editablePrompts", () => {
  it("lists every metric prompt, then generation's seven, each id once, each valid", () => {
    const ids = editablePrompts().map((p) => p.id);
    const metricIds = allPrompts().map((p) => p.id);
    expect(ids.slice(0, metricIds.length)).toEqual(metricIds);
    expect(ids.slice(metricIds.length)).toEqual([
      "testset.extract",
      "testset.summary",
      "testset.personas",
      "testset.single_hop",
      "testset.multi_hop",
      "testset.quick",
      "testset.closed_book",
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const prompt of editablePrompts()) expect(validatePrompt(prompt), prompt.id).toEqual([]);
  });

  it("tells generation's own prompts from the metrics', and names every prompt a generation sends", () => {
    expect(editablePrompts().filter(isGenerationPrompt)).toHaveLength(7);
    expect(allPrompts().some(isGenerationPrompt)).toBe(false);
    // its gate sends faithfulness's two statement prompts too
    expect([...generationPromptIds()]).toEqual(testsetPrompts().map((p) => p.id));
    expect(generationPromptIds().has("faithfulness.statements")).toBe(true);
    expect(generationPromptIds().has("faithfulness.verdicts")).toBe(true);
    expect(generationPromptIds().size).toBe(9);
  });
});
