import type { CustomJudge } from "../engine/metrics/custom";
import type { PromptOverrides } from "../engine/prompts/types";
import { parsePromptSet } from "../storage/format/prompt-set";
import { RunError } from "./errors";
import { readTextFile } from "./files";

/**
 * --prompts: the prompt set the prompt studio exports (prompt edits, and the user's own judges) (schema in storage/format/prompt-set.ts, so
 * both sides agree). Unknown prompt ids and prompts that fail validatePrompt stop the run before
 * any request: scoring half a dataset with a broken template wastes money.
 */
export async function readPromptSetFile(path: string): Promise<{ overrides: PromptOverrides; judges: CustomJudge[] }> {
  const text = await readTextFile(path, "--prompts");
  const parsed = parsePromptSet(text, path);
  if (!parsed.ok) throw new RunError(parsed.message);
  return { overrides: parsed.overrides, judges: parsed.judges };
}

/** The prompt edits alone (agreement runs the paper's metrics; it has no use for custom judges). */
export async function readPromptsFile(path: string): Promise<PromptOverrides> {
  return (await readPromptSetFile(path)).overrides;
}
