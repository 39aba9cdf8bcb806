import { stringSimilarityDisplay } from "./display";
import { textMetric } from "../shared/text-metric";
import { explainStringSimilarity, levenshteinTrace, scoreStringSimilarity, type StringSimilarityTrace } from "./score";
import { stringSimilarityTraceFields } from "./trace";

/** 1 - normalised Levenshtein distance, as rapidfuzz's Levenshtein.normalized_similarity (ragas's NonLLMStringSimilarity). */
export const stringSimilarity = textMetric<StringSimilarityTrace>({
  id: "string_similarity",
  name: "String similarity",
  ...stringSimilarityDisplay,
  trace: levenshteinTrace,
  score: scoreStringSimilarity,
  explain: explainStringSimilarity,
  traceFields: stringSimilarityTraceFields,
  traceItems: "edit distance",
});
