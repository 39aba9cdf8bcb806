import { z } from "zod";
import { count, textItems, traceFields } from "../shared/trace-fields";
import type { BleuTrace } from "./score";

/** Counts are whole numbers and must fit the tokens they count, so a hand-edited count is named by its path. */
export const bleuTraceFields = traceFields<BleuTrace>()({
  tokenizer: z.enum(["13a", "zh", "none", "char"]),
  answerTokens: textItems,
  referenceTokens: textItems,
  matches: z.array(count).length(4),
  totals: z.array(count).length(4),
  brevityPenalty: z.number().min(0).max(1),
}).refine((t) => t.matches.every((m, i) => m <= t.totals[i]!), { message: "a match count exceeds the answer's n-grams", path: ["matches"] });
