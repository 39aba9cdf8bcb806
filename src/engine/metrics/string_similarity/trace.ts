import { count, traceFields } from "../shared/trace-fields";
import type { StringSimilarityTrace } from "./score";

export const stringSimilarityTraceFields = traceFields<StringSimilarityTrace>()({ distance: count, answerLength: count, referenceLength: count }).refine(
  (t) => t.distance <= Math.max(t.answerLength, t.referenceLength),
  { message: "more edits than the longer text has characters", path: ["distance"] },
);
