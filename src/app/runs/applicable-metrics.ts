import { METRICS } from "../../engine";
import { METRIC_IDS, PAPER_METRIC_IDS, RETRIEVAL_METRIC_IDS, TEXT_METRIC_IDS, type MetricId } from "../../engine/metrics/types";
import type { Sample } from "../../engine/sample";

/**
 * The metrics a dataset's columns allow: those whose required inputs (question, answer, contexts,
 * reference) some sample has, among the paper's five and the text metrics, and that need an embedding model only when one is set. The run form
 * starts with all of them ticked, rather than a fixed pair that may not fit the file.
 */
export function applicableMetrics(samples: readonly Sample[], hasEmbedder: boolean): MetricId[] {
  const present = {
    question: samples.some((s) => s.question.trim() !== ""),
    answer: samples.some((s) => s.answer.trim() !== ""),
    contexts: samples.some((s) => s.contexts.length > 0),
    reference: samples.some((s) => (s.reference ?? "").trim() !== ""),
    messages: samples.some((s) => (s.messages ?? []).length > 0),
    referenceToolCalls: samples.some((s) => s.referenceToolCalls !== undefined),
    referenceTopics: samples.some((s) => (s.referenceTopics ?? []).length > 0),
  };
  // The paper's five and the free text metrics: ragas 0.4's judges are a tick away (ticking all of them would multiply the cost).
  const applicable = [...PAPER_METRIC_IDS, ...TEXT_METRIC_IDS].filter((id) => {
    const metric = METRICS[id];
    if (metric.usesEmbeddings && !hasEmbedder) return false;
    return metric.requires.every((field) => present[field]);
  });
  // The judge-free conversation metrics (the tool-call ones, contract 16) are free too: ticked when
  // their inputs are there; the conversation judges, like ragas 0.4's, are a tick away.
  const freeTurns = METRIC_IDS.filter(
    (id) => METRICS[id].family === "conversation" && METRICS[id].prompts.length === 0 && METRICS[id].requires.every((field) => present[field]),
  );
  // The id metrics (contract 15) are free: ticked whenever some sample has retrieved ids.
  const withIds = samples.some((s) => s.retrievedContextIds !== undefined) ? [...applicable, ...RETRIEVAL_METRIC_IDS] : applicable;
  return [...withIds, ...freeTurns];
}
