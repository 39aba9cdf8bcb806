import { z } from "zod";
import { promptHash, type ChatMessage, type JudgeOutputSpec, type PromptExample } from "../../../engine";
import { strictObjectSchema } from "../../../engine/metrics/shared/schema";

/**
 * Language adaptation of a prompt's few-shot examples, in ONE judge call: every text value of
 * the examples (input variables and the strings inside the expected output) goes out as a
 * numbered list, the same number of translated strings comes back, and they are put back in the
 * same places. JSON keys, numbers and flags never leave, so the examples keep the exact shape the
 * reply schema demands.
 */

export const TRANSLATE_PROMPT_ID = "studio.translate_examples";

/** Where a translatable string sits: example index, then the path inside that example. */
export interface StringSlot {
  example: number;
  path: (string | number)[];
}

/** Worth translating: has at least one letter (skips "3", "", "[1]"). */
const hasLetters = (s: string) => /\p{L}/u.test(s);

export function collectStrings(examples: readonly PromptExample[]): { strings: string[]; slots: StringSlot[] } {
  const strings: string[] = [];
  const slots: StringSlot[] = [];
  const walk = (value: unknown, example: number, path: (string | number)[]) => {
    if (typeof value === "string") {
      if (hasLetters(value)) {
        strings.push(value);
        slots.push({ example, path });
      }
    } else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, example, [...path, i]);
    } else if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) walk(v, example, [...path, k]);
    }
  };
  examples.forEach((e, i) => {
    walk(e.input, i, ["input"]);
    walk(e.output, i, ["output"]);
  });
  return { strings, slots };
}

/** A copy of the examples with the translated strings put back where they came from. */
export function applyStrings(examples: readonly PromptExample[], slots: readonly StringSlot[], translated: readonly string[]): PromptExample[] {
  if (translated.length !== slots.length) throw new Error(`expected ${slots.length} translated strings, got ${translated.length}`);
  const copy = structuredClone(examples) as PromptExample[];
  slots.forEach((slot, n) => {
    let target: unknown = copy[slot.example];
    for (const step of slot.path.slice(0, -1)) target = (target as Record<string | number, unknown>)[step];
    (target as Record<string | number, unknown>)[slot.path[slot.path.length - 1]!] = translated[n];
  });
  return copy;
}

/** "[1]", "[2]" ... markers that number statements or contexts: the metric's own code relies on them. */
const markers = (s: string) => (s.match(/\[\d+\]/g) ?? []).sort().join(" ");
const variables = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort().join(" ");

export interface TranslationReply {
  translations: string[];
}

/**
 * The reply spec for `originals`: exactly one non-empty string per original, keeping its [n]
 * markers and {{variables}}. A reply that breaks this goes through the judge's repair path and
 * is never applied half-right.
 */
export function translationSpec(originals: readonly string[]): JudgeOutputSpec<TranslationReply> {
  const schema = z.object({ translations: z.array(z.string()) }).superRefine((value, ctx) => {
    if (value.translations.length !== originals.length) {
      ctx.addIssue({
        code: "custom",
        path: ["translations"],
        message: `expected exactly ${originals.length} strings, one per input string, got ${value.translations.length}`,
      });
      return;
    }
    value.translations.forEach((t, i) => {
      const original = originals[i]!;
      if (t.trim() === "") ctx.addIssue({ code: "custom", path: ["translations", i], message: "a translation is empty" });
      else if (markers(t) !== markers(original))
        ctx.addIssue({ code: "custom", path: ["translations", i], message: `keep the numbering markers (${markers(original) || "none"}) unchanged` });
      else if (variables(t) !== variables(original)) ctx.addIssue({ code: "custom", path: ["translations", i], message: "keep the {{variables}} unchanged" });
    });
  });
  return { name: "translated_strings", jsonSchema: strictObjectSchema("translated_strings", { translations: { arrayOf: "string" } }), schema };
}

export const TRANSLATE_INSTRUCTION = [
  "You translate the texts of worked examples for an evaluation prompt.",
  'You get a JSON array of strings. Reply with one JSON object {"translations": [...]} that holds exactly one translation per input string, in the same order: never merge, split, add or drop strings.',
  "Translate faithfully: keep every fact, name and number. Keep line breaks, numbering markers such as [1] and [2], and anything in {{double braces}} exactly as they are.",
  "A string already in the target language is returned unchanged.",
].join(" ");

export function translationMessages(language: string, strings: readonly string[]): ChatMessage[] {
  return [
    { role: "system", content: TRANSLATE_INSTRUCTION },
    { role: "user", content: `Target language: ${language}\nStrings (${strings.length}):\n${JSON.stringify(strings, null, 1)}` },
  ];
}

/** The call log's hash for this prompt, computed like the metrics' prompts. */
export const TRANSLATE_PROMPT_HASH = promptHash({ id: TRANSLATE_PROMPT_ID, instruction: TRANSLATE_INSTRUCTION, inputTemplate: "", examples: [] });
