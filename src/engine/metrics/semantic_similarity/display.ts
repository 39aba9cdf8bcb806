import type { MetricDefinition } from "../definition";
import type { SemanticSimilarityTrace } from "./score";

/** Semantic similarity in the UI's words, English and Chinese. One cosine, no items: no studio diff. */
export const semanticSimilarityDisplay: Pick<MetricDefinition<SemanticSimilarityTrace>, "names" | "descriptions" | "summarize"> = {
  names: { en: "Semantic similarity", zh: "语义相似度" },
  descriptions: { en: "Cosine similarity of the answer's and the reference's embeddings.", zh: "回答与参考答案的嵌入向量的余弦相似度。" },
  summarize({ similarity }) {
    const value = similarity.toFixed(3);
    return { en: `cosine similarity ${value} (scored as clamp to 0-1)`, zh: `余弦相似度 ${value}（得分截取到 0-1）` };
  },
};
