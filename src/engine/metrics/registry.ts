import { answerRelevancy } from "./answer_relevancy";
import { bleu } from "./bleu";
import type { BleuTrace } from "./bleu/score";
import { chrf } from "./chrf";
import type { ChrfTrace } from "./chrf/score";
import { exactMatch } from "./exact_match";
import type { ExactMatchTrace } from "./exact_match/score";
import { rougeL } from "./rouge_l";
import type { RougeLTrace } from "./rouge_l/score";
import { stringPresence } from "./string_presence";
import type { StringPresenceTrace } from "./string_presence/score";
import { stringSimilarity } from "./string_similarity";
import type { StringSimilarityTrace } from "./string_similarity/score";
import { contextPrecision } from "./context_precision";
import { contextRecall } from "./context_recall";
import { contextRelevance } from "./context_relevance";
import { faithfulness } from "./faithfulness";
import type { AnswerRelevancyTrace } from "./answer_relevancy/score";
import type { ContextPrecisionTrace } from "./context_precision/score";
import type { ContextRecallTrace } from "./context_recall/score";
import type { ContextRelevanceTrace } from "./context_relevance/score";
import type { FaithfulnessTrace } from "./faithfulness/score";
import { METRIC_IDS, type MetricDefinition, type MetricId } from "./types";

/** The trace each metric writes: a result's metric id decides its trace's shape. */
export interface MetricTraces {
  faithfulness: FaithfulnessTrace;
  answer_relevancy: AnswerRelevancyTrace;
  context_relevance: ContextRelevanceTrace;
  context_precision: ContextPrecisionTrace;
  context_recall: ContextRecallTrace;
  bleu: BleuTrace;
  chrf: ChrfTrace;
  rouge_l: RougeLTrace;
  string_similarity: StringSimilarityTrace;
  exact_match: ExactMatchTrace;
  string_presence: StringPresenceTrace;
}

/** Adding a metric is one folder plus one line here. */
export const METRICS: Readonly<Record<MetricId, MetricDefinition>> = {
  faithfulness,
  answer_relevancy: answerRelevancy,
  context_relevance: contextRelevance,
  context_precision: contextPrecision,
  context_recall: contextRecall,
  bleu,
  chrf,
  rouge_l: rougeL,
  string_similarity: stringSimilarity,
  exact_match: exactMatch,
  string_presence: stringPresence,
};

export function isMetricId(id: string): id is MetricId {
  return (METRIC_IDS as readonly string[]).includes(id);
}

export function getMetric(id: MetricId): MetricDefinition {
  const metric = METRICS[id];
  if (!metric) throw new Error(`unknown metric "${id}"; known: ${METRIC_IDS.join(", ")}`);
  return metric;
}

/** Every built-in prompt, keyed by id (the prompt studio lists these). */
export function allPrompts() {
  return Object.values(METRICS).flatMap((m) => m.prompts);
}
