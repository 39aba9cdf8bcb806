import type { PromptOverrides } from "../engine/prompts/types";
import { parsePromptSet } from "../storage/format/prompt-set";
import { RunError } from "./errors";
import { readTextFile } from "./files";

/**
 * --prompts: the prompt set the prompt studio exports (schema in storage/format/prompt-set.ts, so
 * both sides agree). Unknown prompt ids and prompts that fail validatePrompt stop the run before
 * any request: scoring half a dataset with a broken template wastes money.
 */
export async function readPromptsFile(path: string): Promise<PromptOverrides> {
  const text = await readTextFile(path, "--prompts");
  const parsed = parsePromptSet(text, path);
  if (!parsed.ok) throw new RunError(parsed.message);
  return parsed.overrides;
}
