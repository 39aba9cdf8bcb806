import { canonicalJson, sha256Hex } from "../text/sha256";
import { checkTemplate } from "./template";
import type { PromptDef, PromptOverride, ResolvedPrompt } from "./types";

/**
 * Hashes already computed, by examples list and then by the prompt's text. Every request resolves
 * its prompt (twice: as run and as shipped), and hashing the examples was about a tenth of a CLI
 * run's CPU (200 samples x 5 metrics); the lists are the catalogue's constants or a run's
 * overrides, never changed in place (a new version is a new list), so their identity is a sound key.
 */
const knownHashes = new WeakMap<readonly unknown[], Map<string, string>>();

/** The hash covers everything that changes what the judge sees, and nothing else. */
export function promptHash(prompt: Pick<PromptDef, "id" | "instruction" | "inputTemplate" | "examples">): string {
  const text = `${prompt.id}\u0000${prompt.instruction}\u0000${prompt.inputTemplate}`;
  let byText = knownHashes.get(prompt.examples);
  const known = byText?.get(text);
  if (known !== undefined) return known;
  const material = canonicalJson({ id: prompt.id, instruction: prompt.instruction, inputTemplate: prompt.inputTemplate, examples: prompt.examples });
  const hash = sha256Hex(material).slice(0, 16);
  if (!byText) {
    byText = new Map();
    knownHashes.set(prompt.examples, byText);
  }
  byText.set(text, hash);
  return hash;
}

export function resolvePrompt<O>(base: PromptDef<O>, override?: PromptOverride): ResolvedPrompt<O> {
  const merged: PromptDef<O> = {
    ...base,
    instruction: override?.instruction ?? base.instruction,
    inputTemplate: override?.inputTemplate ?? base.inputTemplate,
    examples: override?.examples ?? base.examples,
  };
  const hash = promptHash(merged);
  const resolved: ResolvedPrompt<O> = { ...merged, hash, overridden: hash !== promptHash(base) };
  if (override?.versionName) resolved.versionName = override.versionName;
  return resolved;
}

/**
 * The longest instruction a prompt may have. A custom judge's definition may have 4,000 characters
 * (customJudgeSchema) and its instruction adds the name, the rubric levels and our frame; the
 * longest built-in instruction has about 520. Without a cap an edited instruction could be any
 * size, and every request would carry it.
 */
const MAX_INSTRUCTION_CHARS = 8000;

/** 12345 -> "12,345": the engine formats no locale, and an English message wants the commas. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export interface PromptIssue {
  where: "instruction" | "inputTemplate" | "examples";
  message: string;
  /** Character range in the edited text, for editor markers. */
  start?: number;
  end?: number;
  example?: number;
}

/** Why a prompt cannot be used; an empty list means it can. */
export function validatePrompt(prompt: PromptDef): PromptIssue[] {
  const issues: PromptIssue[] = [];
  if (prompt.instruction.trim() === "") issues.push({ where: "instruction", message: "the instruction is empty" });
  if (prompt.instruction.length > MAX_INSTRUCTION_CHARS) {
    issues.push({
      where: "instruction",
      message: `the instruction is ${thousands(prompt.instruction.length)} characters long; the most is ${thousands(MAX_INSTRUCTION_CHARS)}: shorten it`,
    });
  }
  for (const issue of checkTemplate(prompt.instruction, [])) {
    if (issue.kind === "unknown_variable") {
      issues.push({
        where: "instruction",
        message: `${issue.message.split(";")[0]}: variables belong in the input template`,
        start: issue.start,
        end: issue.end,
      });
    }
  }
  for (const issue of checkTemplate(prompt.inputTemplate, prompt.variables)) {
    issues.push({ where: "inputTemplate", message: issue.message, start: issue.start, end: issue.end });
  }
  prompt.examples.forEach((example, i) => {
    for (const name of prompt.variables) {
      if (typeof example.input[name] !== "string") issues.push({ where: "examples", example: i, message: `example ${i + 1}: input.${name} must be text` });
    }
    // Checked against the schema a call with this input would send (e.g. one verdict per statement).
    const output = prompt.outputForInput?.(example.input) ?? prompt.output;
    const parsed = output.schema.safeParse(example.output);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      issues.push({ where: "examples", example: i, message: `example ${i + 1}: output.${first?.path.join(".") ?? ""} ${first?.message ?? "is invalid"}` });
    }
  });
  return issues;
}
