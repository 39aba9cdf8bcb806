import type { MetricDefinition } from "../definition";
import { countWhere, textDiffItems } from "../shared/display";
import type { AnswerRelevancyTrace } from "./score";

/** Answer relevancy in the UI's words, English and Chinese. */
export const answerRelevancyDisplay: Pick<MetricDefinition<AnswerRelevancyTrace>, "names" | "descriptions" | "summarize" | "traceDiff"> = {
  names: { en: "Answer relevancy", zh: "答案相关性" },
  descriptions: { en: "How closely questions generated from the answer match the question asked.", zh: "根据回答反推出的问题与原问题有多接近。" },
  summarize({ questions }) {
    if (!questions.length) return undefined;
    const n = questions.length;
    const evasive = countWhere(questions, (q) => q.noncommittal === 1);
    if (evasive === n)
      return {
        en: "Every generated question is noncommittal: the answer avoids answering, so it scores 0.",
        zh: "生成的问题全部含糊其辞：回答回避了问题，因此得 0 分。",
      };
    const mean = (questions.reduce((sum, q) => sum + q.similarity, 0) / n).toFixed(2);
    return {
      en: `The ${n} ${n === 1 ? "question" : "questions"} generated from the answer ${n === 1 ? "has" : "have"} a mean similarity of ${mean} to the question asked${evasive ? ` (${evasive} marked noncommittal)` : ""}.`,
      zh: `根据回答生成的 ${n} 个问题与原问题的平均相似度为 ${mean}${evasive ? `（其中 ${evasive} 个含糊其辞）` : ""}。`,
    };
  },
  // A question's value is its similarity, not a flag: a change under 0.005 is no change.
  traceDiff: { valueKind: "similarity", items: (trace) => textDiffItems(trace.questions, (q) => q.similarity) },
};
