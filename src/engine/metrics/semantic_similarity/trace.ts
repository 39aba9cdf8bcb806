import { cosine, traceFields } from "../shared/trace-fields";
import type { SemanticSimilarityTrace } from "./score";

export const semanticSimilarityTraceFields = traceFields<SemanticSimilarityTrace>()({ similarity: cosine });
