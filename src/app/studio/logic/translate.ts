import { z } from "zod";
import { promptHash, type ChatMessage, type JudgeOutputSpec, type PromptExample } from "../../../engine";
import { positionalItems } from "../../../engine/metrics/shared/items";
import { TEXT } from "../../../engine/metrics/shared/schema";

/**
 * Language adaptation of a prompt's few-shot examples, in ONE judge call: every text value of
 * the examples (input variables and the strings inside the expected output) goes out as a
 * list, the same number of translated strings comes back, and they are put back in the same
 * places. JSON keys, numbers, flags, markers and variables never leave, so the examples keep the
 * exact shape the reply schema demands.
 */

export const TRANSLATE_PROMPT_ID = "studio.translate_examples";

/**
 * Where a translatable piece sits: example index, then the path inside that example, then the
 * string's parts. Numbering markers ("[1]") and {{variables}} are cut out before anything is sent
 * and put back after, so no reply can lose or renumber them: what the metric's code relies on is
 * kept by construction, not checked afterwards (contract 8).
 */
export interface StringSlot {
  example: number;
  path: (string | number)[];
  /** The string split into kept parts (markers, variables, spacing) and pieces to translate. */
  parts: string[];
  /** Which of `parts` are translated, in the order their translations come back. */
  translated: number[];
}

/** Worth translating: has at least one letter (skips "3", "", "[1]"). */
const hasLetters = (s: string) => /\p{L}/u.test(s);

/** Markers and variables, kept out of the text that goes to the judge. */
const PROTECTED = /(\[\d+\]|\{\{\s*\w+\s*\}\})/;

/** Splits a string into parts; every piece with letters is translated without its outer spacing. */
function splitForTranslation(value: string): { parts: string[]; pieces: string[]; translated: number[] } {
  const parts: string[] = [];
  const pieces: string[] = [];
  const translated: number[] = [];
  for (const [i, part] of value.split(PROTECTED).entries()) {
    if (i % 2 === 1 || !hasLetters(part)) {
      if (part !== "") parts.push(part);
      continue;
    }
    const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part)!;
    if (lead) parts.push(lead!);
    translated.push(parts.length);
    parts.push(core!);
    pieces.push(core!);
    if (trail) parts.push(trail!);
  }
  return { parts, pieces, translated };
}

export function collectStrings(examples: readonly PromptExample[]): { strings: string[]; slots: StringSlot[] } {
  const strings: string[] = [];
  const slots: StringSlot[] = [];
  const walk = (value: unknown, example: number, path: (string | number)[]) => {
    if (typeof value === "string") {
      const { parts, pieces, translated } = splitForTranslation(value);
      if (pieces.length > 0) {
        strings.push(...pieces);
        slots.push({ example, path, parts, translated });
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

/** A copy of the examples with the translated pieces put back where they came from. */
export function applyStrings(examples: readonly PromptExample[], slots: readonly StringSlot[], translated: readonly string[]): PromptExample[] {
  const expected = slots.reduce((n, slot) => n + slot.translated.length, 0);
  if (translated.length !== expected) throw new Error(`expected ${expected} translated strings, got ${translated.length}`);
  const copy = structuredClone(examples) as PromptExample[];
  let next = 0;
  for (const slot of slots) {
    const parts = [...slot.parts];
    for (const index of slot.translated) parts[index] = translated[next++]!.trim();
    let target: unknown = copy[slot.example];
    for (const step of slot.path.slice(0, -1)) target = (target as Record<string | number, unknown>)[step];
    (target as Record<string | number, unknown>)[slot.path[slot.path.length - 1]!] = parts.join("");
  }
  return copy;
}

const translationItem = z.string().regex(/\S/, "a translation is empty");

/**
 * The reply spec for n pieces: exactly n non-empty strings, in order. What it checks is in the
 * schema sent (minItems = maxItems = n, minLength 1), so a reply a schema-following server gives
 * is used as it is; a string of spaces only (which no schema without `pattern` can rule out) and a
 * JSON-mode reply with some strings missing are completed by one follow-up for those alone.
 */
export function translationSpec(originals: readonly string[]): JudgeOutputSpec<string[]> {
  return positionalItems("translated_strings", "translations", TEXT, translationItem, originals.length);
}

const TRANSLATE_INSTRUCTION = [
  "You translate the texts of worked examples for an evaluation prompt.",
  'You get a JSON array of strings. Reply with one JSON object {"translations": [...]} that holds exactly one translation per input string, in the same order: never merge, split, add or drop strings.',
  "Translate faithfully: keep every fact, name and number. Keep line breaks.",
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
