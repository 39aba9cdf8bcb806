import { MAX_QUESTION_COUNT, MAX_RANK_CUTOFF, MAX_STRICTNESS, type MetricOptions } from "../../../engine";
import type { Messages } from "../i18n/en";
import { optionFields, type OptionProblem } from "./groups";

/**
 * Options in the user's words: the default an empty field stands for, and what a refused value
 * should have been (the schema's own message, "Too small: expected number to be >0", is for logs).
 */

type OptionKey = keyof Messages["more"]["optionLabels"];

/** "0.75, 0.25" / "1" / "f1": a default as a person would type it; empty when the metric has none. */
export function defaultText(defaults: MetricOptions, key: string): string {
  const value = (defaults as Record<string, unknown>)[key];
  if (value === undefined || typeof value === "boolean") return "";
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/** One sentence saying what the option must be, in the UI language. */
export function optionProblemText(t: Messages, problem: OptionProblem): string {
  const words = t.more.optionProblems;
  const key = problem.key as OptionKey | undefined;
  if (!key || !(key in t.more.optionLabels)) return words.unknown(problem.key ?? problem.id);
  const label = t.more.optionLabels[key];
  switch (key) {
    case "beta":
      return words.positive(label);
    case "weights":
      return words.weights(label);
    case "questions":
      return words.wholeRange(label, 1, MAX_QUESTION_COUNT);
    case "strictness":
      return words.wholeRange(label, 1, MAX_STRICTNESS);
    case "k":
      return words.wholeRange(label, 1, MAX_RANK_CUTOFF);
    case "perContextCalls":
      return words.unknown(label);
    case "mode":
    case "atomicity":
    case "coverage":
    case "order": {
      const field = optionFields(problem.id).find((f) => f.key === key);
      return field?.kind === "select" ? words.oneOf(label, field.values.join(", ")) : words.unknown(label);
    }
  }
}
