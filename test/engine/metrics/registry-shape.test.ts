import { describe, expect, it } from "vitest";
import { METRIC_IDS, METRICS, needsNoModel } from "../../../src/engine";
import { JUDGE_METRIC_IDS, LOWER_IS_BETTER, PAPER_METRIC_IDS, RETRIEVAL_METRIC_IDS, TEXT_METRIC_IDS } from "../../../src/engine/metrics/types";

/** What every metric's folder must provide besides its steps (docs/architecture.md, "A metric is one folder"). */

/** The names the English UI, its tests and users' scripts rely on, and the Chinese UI's: unchanged by the move into the folders. */
const NAMES = {
  faithfulness: ["Faithfulness", "忠实度"],
  answer_relevancy: ["Answer relevancy", "答案相关性"],
  context_relevance: ["Context relevance", "上下文相关性"],
  context_precision: ["Context precision", "上下文精确率"],
  context_recall: ["Context recall", "上下文召回率"],
  answer_correctness: ["Answer correctness", "答案正确性"],
  factual_correctness: ["Factual correctness", "事实正确性"],
  noise_sensitivity: ["Noise sensitivity", "噪声敏感度"],
  context_entity_recall: ["Context entity recall", "上下文实体召回率"],
  context_utilization: ["Context utilization", "上下文利用率"],
  semantic_similarity: ["Semantic similarity", "语义相似度"],
  bleu: ["BLEU", "BLEU"],
  chrf: ["chrF", "chrF"],
  rouge_l: ["ROUGE-L", "ROUGE-L"],
  string_similarity: ["String similarity", "字符串相似度"],
  exact_match: ["Exact match", "完全匹配"],
  string_presence: ["String presence", "字符串包含"],
  tool_call_accuracy: ["Tool call accuracy", "工具调用准确率"],
  tool_call_f1: ["Tool call F1", "工具调用 F1"],
  agent_goal_accuracy: ["Agent goal accuracy", "智能体目标达成率"],
  topic_adherence: ["Topic adherence", "话题遵循度"],
  conversation_faithfulness: ["Conversation faithfulness", "对话忠实度"],
  id_context_precision: ["Id context precision", "编号上下文精确率"],
  id_context_recall: ["Id context recall", "编号上下文召回率"],
  hit_rate: ["Hit rate", "命中率"],
  precision_at_k: ["Precision@k", "前 k 精确率"],
  recall_at_k: ["Recall@k", "前 k 召回率"],
  mrr: ["MRR", "平均倒数排名"],
  average_precision: ["Average precision", "平均精确率"],
  ndcg_at_k: ["NDCG@k", "前 k NDCG"],
  r_precision: ["R-precision", "R 精确率"],
} as const;

const HAN = /\p{Script=Han}/u;
/** ASCII punctuation touching a Chinese character (Chinese text uses the full-width forms). */
const MIXED = /\p{Script=Han} ?[,:;?!()]|[,:;?!()] ?(?=\p{Script=Han})/u;

describe("every registered metric's folder", () => {
  it("names it in English and Chinese as the UI always has, in registry order", () => {
    expect(Object.fromEntries(METRIC_IDS.map((id) => [id, [METRICS[id].names.en, METRICS[id].names.zh]]))).toEqual(NAMES);
    expect(METRIC_IDS).toEqual(Object.keys(NAMES));
  });

  it.each(METRIC_IDS)("%s: its id, English name, a one-line description in both languages, a shelf and batch rounds", (id) => {
    const m = METRICS[id];
    expect(m.id).toBe(id);
    expect(m.names.en).toBe(m.name);
    expect(m.descriptions.en).toMatch(/^\S.{15,110}\.$/);
    expect(m.descriptions.zh).toMatch(HAN);
    expect(m.descriptions.zh).toMatch(/。$/);
    expect(m.descriptions.zh).not.toMatch(MIXED);
    expect(["paper", "ragas", "text", "retrieval", "conversation"]).toContain(m.family);
    expect(Number.isInteger(m.batchRounds)).toBe(true);
    // No request, no round: a judge-free metric is scored in a batch run's first pass.
    expect(m.batchRounds === 0).toBe(needsNoModel(m));
    expect(m.batchRounds).toBeLessThanOrEqual(2);
    // Every metric tells its card's "why" from its trace; the ones with judged items tell the studio's diff.
    expect(typeof m.summarize).toBe("function");
  });

  it("the id lists are the families, in registry order", () => {
    expect(PAPER_METRIC_IDS).toEqual(["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"]);
    expect(JUDGE_METRIC_IDS).toEqual([
      "answer_correctness",
      "factual_correctness",
      "noise_sensitivity",
      "context_entity_recall",
      "context_utilization",
      "semantic_similarity",
    ]);
    expect(TEXT_METRIC_IDS).toEqual(["bleu", "chrf", "rouge_l", "string_similarity", "exact_match", "string_presence"]);
    expect(RETRIEVAL_METRIC_IDS).toEqual([
      "id_context_precision",
      "id_context_recall",
      "hit_rate",
      "precision_at_k",
      "recall_at_k",
      "mrr",
      "average_precision",
      "ndcg_at_k",
      "r_precision",
    ]);
    expect(LOWER_IS_BETTER).toEqual(["noise_sensitivity"]);
    expect(METRIC_IDS.filter((id) => METRICS[id].traceDiff)).toEqual([
      "faithfulness",
      "answer_relevancy",
      "context_relevance",
      "context_precision",
      "context_recall",
      "answer_correctness",
      "factual_correctness",
      "noise_sensitivity",
      "context_utilization",
      "conversation_faithfulness",
    ]);
  });
});
