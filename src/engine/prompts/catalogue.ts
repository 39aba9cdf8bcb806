import { allPrompts } from "../metrics/registry";
import { testsetPrompts } from "../testset";
import type { PromptDef } from "./types";

/**
 * Every built-in prompt a user may edit, each once: the metrics' (allPrompts) and then test-set
 * generation's own (its gate reuses faithfulness's two statement prompts, listed with the metric).
 * The prompt studio lists these, and a prompt set may carry a version of any of them.
 */
export function editablePrompts(): PromptDef[] {
  const metrics = allPrompts();
  const known = new Set(metrics.map((p) => p.id));
  return [...metrics, ...testsetPrompts().filter((p) => !known.has(p.id))];
}

/** The prompts only test-set generation sends (the studio groups them under it; no metric scores with them). */
export function isGenerationPrompt(prompt: Pick<PromptDef, "metric">): boolean {
  return prompt.metric === "testset";
}

/** Ids of the prompts a test-set generation sends, its shared statement steps included. */
export function generationPromptIds(): ReadonlySet<string> {
  return new Set(testsetPrompts().map((p) => p.id));
}
