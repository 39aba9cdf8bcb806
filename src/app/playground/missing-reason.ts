import { type MetricDefinition, missingInput, type Sample } from "../../engine";
import type { Messages } from "../shared/i18n/en";

/**
 * Why a metric cannot run, in the UI language. The engine decides (missingInput); its English
 * sentence is mapped onto the catalogue, falling back to the engine's words for anything new.
 */
export function missingReason(t: Messages, metric: MetricDefinition, sample: Sample, hasEmbedder: boolean): string | undefined {
  const english = missingInput(metric, sample, hasEmbedder);
  if (english === undefined) return undefined;
  // The conversation inputs first: "the reference tool calls" and "the reference topics" are no reference answer.
  if (/needs a conversation/.test(english)) return t.missing.conversation;
  if (/reference tool calls/.test(english)) return t.missing.toolCalls;
  if (/reference topics/.test(english)) return t.missing.topics;
  if (/context/.test(english) && /at least one/.test(english)) return t.missing.contexts;
  if (/reference/.test(english)) return t.missing.reference;
  if (/embedding/.test(english)) return t.missing.embedder;
  if (/the question/.test(english)) return t.missing.question;
  if (/the answer/.test(english)) return t.missing.answer;
  return english;
}
