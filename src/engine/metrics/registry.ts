import { answerCorrectness } from "./answer_correctness";
import type { AnswerCorrectnessTrace } from "./answer_correctness/score";
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
import type { AnswerRelevancyTrace } from "./answer_relevancy/score";
import { contextEntityRecall } from "./context_entity_recall";
import type { ContextEntityRecallTrace } from "./context_entity_recall/score";
import { contextPrecision } from "./context_precision";
import type { ContextPrecisionTrace } from "./context_precision/score";
import { contextRecall } from "./context_recall";
import type { ContextRecallTrace } from "./context_recall/score";
import { contextRelevance } from "./context_relevance";
import type { ContextRelevanceTrace } from "./context_relevance/score";
import { contextUtilization } from "./context_utilization";
import { type CustomJudge, customJudgeMetric, type CustomJudgeTrace, isCustomId } from "./custom";
import { factualCorrectness } from "./factual_correctness";
import type { FactualCorrectnessTrace } from "./factual_correctness/score";
import { faithfulness } from "./faithfulness";
import type { FaithfulnessTrace } from "./faithfulness/score";
import { noiseSensitivity } from "./noise_sensitivity";
import type { NoiseSensitivityTrace } from "./noise_sensitivity/score";
import { semanticSimilarity } from "./semantic_similarity";
import type { SemanticSimilarityTrace } from "./semantic_similarity/score";
import { idContextPrecision } from "./id_context_precision";
import { idContextRecall } from "./id_context_recall";
import { hitRate } from "./hit_rate";
import { precisionAtK } from "./precision_at_k";
import { recallAtK } from "./recall_at_k";
import { mrr } from "./mrr";
import { averagePrecision } from "./average_precision";
import { ndcgAtK } from "./ndcg_at_k";
import { rPrecision } from "./r_precision";
import type { RankedTrace } from "./shared/ranking";
import type { PromptDef } from "../prompts/types";
import { METRIC_IDS, type MetricId, type AnyMetricId, type MetricDefinition } from "./types";

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
  answer_correctness: AnswerCorrectnessTrace;
  factual_correctness: FactualCorrectnessTrace;
  noise_sensitivity: NoiseSensitivityTrace;
  context_entity_recall: ContextEntityRecallTrace;
  context_utilization: ContextPrecisionTrace;
  semantic_similarity: SemanticSimilarityTrace;
  id_context_precision: RankedTrace;
  id_context_recall: RankedTrace;
  hit_rate: RankedTrace;
  precision_at_k: RankedTrace;
  recall_at_k: RankedTrace;
  mrr: RankedTrace;
  average_precision: RankedTrace;
  ndcg_at_k: RankedTrace;
  r_precision: RankedTrace;
  [custom: `custom:${string}`]: CustomJudgeTrace;
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
  answer_correctness: answerCorrectness,
  factual_correctness: factualCorrectness,
  noise_sensitivity: noiseSensitivity,
  context_entity_recall: contextEntityRecall,
  context_utilization: contextUtilization,
  semantic_similarity: semanticSimilarity,
  id_context_precision: idContextPrecision,
  id_context_recall: idContextRecall,
  hit_rate: hitRate,
  precision_at_k: precisionAtK,
  recall_at_k: recallAtK,
  mrr,
  average_precision: averagePrecision,
  ndcg_at_k: ndcgAtK,
  r_precision: rPrecision,
};

/** A built-in metric id (custom judges are not: see isKnownMetricId). */
export function isMetricId(id: string): id is MetricId {
  return (METRIC_IDS as readonly string[]).includes(id);
}

/** A built-in id, or a well-formed `custom:<slug>` (whose definition the caller must supply to run it). */
export function isKnownMetricId(id: string): id is AnyMetricId {
  return isMetricId(id) || isCustomId(id);
}

/**
 * The definition behind an id: a built-in metric, or a custom judge from `customJudges` (the
 * prompt set or the report that carries them).
 */
export function getMetric(id: AnyMetricId, customJudges: readonly CustomJudge[] = []): MetricDefinition {
  if (isCustomId(id)) {
    const judge = customJudges.find((j) => `custom:${j.slug}` === id);
    if (!judge)
      throw new Error(
        `no judge "${id}" is defined (custom judges come with a prompt set: ${customJudges.map((j) => `custom:${j.slug}`).join(", ") || "none given"})`,
      );
    return customJudgeMetric(judge);
  }
  if (!isMetricId(id)) throw new Error(`unknown metric "${id}"; known: ${METRIC_IDS.join(", ")}`);
  return METRICS[id];
}

/** Every built-in prompt once, keyed by id (the prompt studio lists these; metrics share the statement prompts). */
export function allPrompts(): PromptDef[] {
  const seen = new Map<string, PromptDef>();
  for (const metric of Object.values(METRICS)) for (const p of metric.prompts) if (!seen.has(p.id)) seen.set(p.id, p);
  return [...seen.values()];
}
