import { z } from "zod";
import { allPrompts } from "../../engine/metrics/registry";
import { resolvePrompt, validatePrompt } from "../../engine/prompts/resolve";
import type { PromptOverrides } from "../../engine/prompts/types";
import { formatPath } from "./json-path";

/**
 * A prompt set file: the user's edits to the built-in judge prompts, as the prompt studio exports
 * them and `--prompts` reads them. Only what a user may change is in it (instruction, input
 * template, examples); the reply schema stays with the metric's code.
 */

export const PROMPT_SET_FORMAT = "ragas-playground/prompts";
const PROMPT_SET_VERSION = 1;

export const promptOverrideSchema = z.strictObject({
  instruction: z.string().optional(),
  inputTemplate: z.string().optional(),
  examples: z.array(z.object({ input: z.record(z.string(), z.string()), output: z.unknown() })).optional(),
  versionName: z.string().optional(),
});

const promptSetSchema = z.object({
  format: z.literal(PROMPT_SET_FORMAT),
  version: z.literal(PROMPT_SET_VERSION),
  prompts: z.record(z.string(), promptOverrideSchema),
});

export type PromptSet = z.infer<typeof promptSetSchema>;

export type ParsePromptSetResult = { ok: true; overrides: PromptOverrides } | { ok: false; message: string };

export function buildPromptSet(overrides: PromptOverrides): PromptSet {
  return { format: PROMPT_SET_FORMAT, version: PROMPT_SET_VERSION, prompts: structuredClone(overrides) };
}

/** Refuses the whole file on the first problem: running half a prompt set would mislead. */
export function parsePromptSet(text: string, fileName: string): ParsePromptSetResult {
  const fail = (message: string, path?: readonly PropertyKey[]): ParsePromptSetResult => ({
    ok: false,
    message: path?.length ? `${fileName}: ${formatPath(path)}: ${message}` : `${fileName}: ${message}`,
  });
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return fail(`not valid JSON (${(error as Error).message})`);
  }
  const envelope = doc as { format?: unknown; version?: unknown } | null;
  if (typeof envelope !== "object" || envelope === null || envelope.format !== PROMPT_SET_FORMAT) {
    return fail(`not a prompt set (expected "format": "${PROMPT_SET_FORMAT}")`);
  }
  if (typeof envelope.version === "number" && envelope.version > PROMPT_SET_VERSION) {
    return fail(`written by a newer Ragas Playground (prompt set version ${envelope.version}); this one reads version ${PROMPT_SET_VERSION}`);
  }
  const parsed = promptSetSchema.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail(issue.message, issue.path);
  }

  const builtIn = new Map(allPrompts().map((p) => [p.id, p]));
  for (const [id, override] of Object.entries(parsed.data.prompts)) {
    const base = builtIn.get(id);
    if (!base) return fail(`unknown prompt id; known: ${[...builtIn.keys()].join(", ")}`, ["prompts", id]);
    const issue = validatePrompt(resolvePrompt(base, override))[0];
    if (issue) return fail(issue.message, ["prompts", id, issue.where]);
  }
  return { ok: true, overrides: parsed.data.prompts };
}
