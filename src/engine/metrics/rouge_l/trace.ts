import { count, textItems, traceFields } from "../shared/trace-fields";
import type { RougeLTrace } from "./score";

export const rougeLTraceFields = traceFields<RougeLTrace>()({ answerTokens: textItems, referenceTokens: textItems, lcs: count }).refine(
  (t) => t.lcs <= Math.min(t.answerTokens.length, t.referenceTokens.length),
  { message: "longer than the shorter token list", path: ["lcs"] },
);
