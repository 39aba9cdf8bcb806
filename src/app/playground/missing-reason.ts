import { type MetricDefinition, type MissingInput, missingField, type Sample } from "../../engine";
import type { Messages } from "../shared/i18n/en";

/** The catalogue's words for each input the engine can find missing. */
const WORDS: Record<MissingInput, keyof Messages["missing"]> = {
  contexts: "contexts",
  reference: "reference",
  question: "question",
  answer: "answer",
  embedder: "embedder",
  messages: "conversation",
  referenceToolCalls: "toolCalls",
  referenceTopics: "topics",
};

/**
 * Why a metric cannot run, in the UI language: the engine names the missing input (missingField),
 * the catalogue words it. Never read from the engine's English sentence, which carries the metric's
 * name (a judge called "the question clarity" was once said to need the question).
 */
export function missingReason(t: Messages, metric: MetricDefinition, sample: Sample, hasEmbedder: boolean): string | undefined {
  const field = missingField(metric, sample, hasEmbedder);
  return field === undefined ? undefined : t.missing[WORDS[field]];
}
