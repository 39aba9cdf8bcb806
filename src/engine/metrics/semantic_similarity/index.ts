import { embedPair } from "../shared/embed";
import { semanticSimilarityDisplay } from "./display";
import type { MetricDefinition } from "../definition";
import { explainSemanticSimilarity, scoreSemanticSimilarity, type SemanticSimilarityTrace } from "./score";
import { semanticSimilarityTraceFields } from "./trace";

/** Semantic similarity: the cosine of the answer's and the reference's embeddings, both in one request. No judge. */
export const semanticSimilarity: MetricDefinition<SemanticSimilarityTrace> = {
  id: "semantic_similarity",
  name: "Semantic similarity",
  ...semanticSimilarityDisplay,
  family: "ragas",
  batchRounds: 1,
  requires: ["answer", "reference"],
  usesEmbeddings: true,
  usesJudge: false,
  prompts: [],
  calls: () => ({ chat: 0, embedding: 1 }),
  async run(ctx) {
    return { similarity: await embedPair(ctx, "semantic_similarity.embeddings", ctx.sample.answer, ctx.sample.reference ?? "") };
  },
  score: scoreSemanticSimilarity,
  explain: explainSemanticSimilarity,
  traceFields: semanticSimilarityTraceFields,
  traceItems: "similarity",
};
