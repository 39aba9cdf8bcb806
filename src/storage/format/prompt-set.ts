import { z } from "zod";
import { type CustomJudge, customJudgeSchema, judgeIssues } from "../../engine/metrics/custom";
import { editablePrompts } from "../../engine/prompts/catalogue";
import { promptOverrideSchema } from "./prompt-override";
import { resolvePrompt, validatePrompt } from "../../engine/prompts/resolve";
import type { PromptOverrides } from "../../engine/prompts/types";
import { formatPath } from "./json-path";

/**
 * A prompt set file: the user's edits to the built-in judge prompts, as the prompt studio exports
 * them and `--prompts` reads them. Only what a user may change is in it (instruction, input
 * template, examples); the reply schema stays with the metric's code. Version 2 adds the user's
 * own judges (`judges`, run as `custom:<slug>`); a version 1 file is a version 2 file without them.
 */

export const PROMPT_SET_FORMAT = "ragas-playground/prompts";
const PROMPT_SET_VERSION = 2;

const promptSetSchema = z.object({
  format: z.literal(PROMPT_SET_FORMAT),
  version: z.union([z.literal(1), z.literal(PROMPT_SET_VERSION)]),
  prompts: z.record(z.string(), promptOverrideSchema),
  /** v2: custom judges, each with its current version (the studio keeps the history). */
  judges: z.array(customJudgeSchema).optional(),
});

export type PromptSet = z.infer<typeof promptSetSchema>;

export type ParsePromptSetResult = { ok: true; overrides: PromptOverrides; judges: CustomJudge[] } | { ok: false; message: string };

export function buildPromptSet(overrides: PromptOverrides, judges: readonly CustomJudge[] = []): PromptSet {
  const set: PromptSet = { format: PROMPT_SET_FORMAT, version: PROMPT_SET_VERSION, prompts: structuredClone(overrides) };
  if (judges.length > 0) set.judges = structuredClone([...judges]);
  return set;
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

  const builtIn = new Map(editablePrompts().map((p) => [p.id, p]));
  for (const [id, override] of Object.entries(parsed.data.prompts)) {
    const base = builtIn.get(id);
    if (!base) return fail(`unknown prompt id; known: ${[...builtIn.keys()].join(", ")}`, ["prompts", id]);
    const issue = validatePrompt(resolvePrompt(base, override))[0];
    if (issue) return fail(issue.message, ["prompts", id, issue.where]);
  }
  const judges = parsed.data.judges ?? [];
  const slugs = new Set<string>();
  for (const [i, judge] of judges.entries()) {
    if (slugs.has(judge.slug)) return fail(`a second judge is named custom:${judge.slug}; slugs must be unique`, ["judges", i, "slug"]);
    slugs.add(judge.slug);
    const issue = judgeIssues(judge)[0];
    if (issue) return fail(issue.message, ["judges", i, ...issue.path]);
  }
  return { ok: true, overrides: parsed.data.prompts, judges };
}
