import { agentGoalAccuracy } from "./agent_goal_accuracy";
import { answerCorrectness } from "./answer_correctness";
import { answerRelevancy } from "./answer_relevancy";
import { averagePrecision } from "./average_precision";
import { bleu } from "./bleu";
import { chrf } from "./chrf";
import { contextEntityRecall } from "./context_entity_recall";
import { contextPrecision } from "./context_precision";
import { contextRecall } from "./context_recall";
import { contextRelevance } from "./context_relevance";
import { contextUtilization } from "./context_utilization";
import { conversationFaithfulness } from "./conversation_faithfulness";
import type { MetricDefinition } from "./definition";
import { exactMatch } from "./exact_match";
import { factualCorrectness } from "./factual_correctness";
import { faithfulness } from "./faithfulness";
import { hitRate } from "./hit_rate";
import { idContextPrecision } from "./id_context_precision";
import { idContextRecall } from "./id_context_recall";
import { mrr } from "./mrr";
import { ndcgAtK } from "./ndcg_at_k";
import { noiseSensitivity } from "./noise_sensitivity";
import { precisionAtK } from "./precision_at_k";
import { rPrecision } from "./r_precision";
import { recallAtK } from "./recall_at_k";
import { rougeL } from "./rouge_l";
import { semanticSimilarity } from "./semantic_similarity";
import { stringPresence } from "./string_presence";
import { stringSimilarity } from "./string_similarity";
import { toolCallAccuracy } from "./tool_call_accuracy";
import { toolCallF1 } from "./tool_call_f1";
import { topicAdherence } from "./topic_adherence";

/**
 * The registry: adding a metric is its folder plus its line here (and the import above). The key is
 * the metric id; the order is the order pickers, reports, the CLI's --metrics list and the id lists
 * show them in. Everything else per metric (names, shelf, rounds, summary, diff) is in its folder.
 */
export const BUILT_IN_METRICS = {
  faithfulness,
  answer_relevancy: answerRelevancy,
  context_relevance: contextRelevance,
  context_precision: contextPrecision,
  context_recall: contextRecall,
  answer_correctness: answerCorrectness,
  factual_correctness: factualCorrectness,
  noise_sensitivity: noiseSensitivity,
  context_entity_recall: contextEntityRecall,
  context_utilization: contextUtilization,
  semantic_similarity: semanticSimilarity,
  bleu,
  chrf,
  rouge_l: rougeL,
  string_similarity: stringSimilarity,
  exact_match: exactMatch,
  string_presence: stringPresence,
  tool_call_accuracy: toolCallAccuracy,
  tool_call_f1: toolCallF1,
  agent_goal_accuracy: agentGoalAccuracy,
  topic_adherence: topicAdherence,
  conversation_faithfulness: conversationFaithfulness,
  id_context_precision: idContextPrecision,
  id_context_recall: idContextRecall,
  hit_rate: hitRate,
  precision_at_k: precisionAtK,
  recall_at_k: recallAtK,
  mrr,
  average_precision: averagePrecision,
  ndcg_at_k: ndcgAtK,
  r_precision: rPrecision,
} satisfies Record<string, MetricDefinition>;
