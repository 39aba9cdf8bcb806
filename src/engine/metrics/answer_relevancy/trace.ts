import { z } from "zod";
import { cosine, flag, traceFields } from "../shared/trace-fields";
import type { AnswerRelevancyTrace } from "./score";

export const answerRelevancyTraceFields = traceFields<AnswerRelevancyTrace>()({
  questions: z.array(z.object({ text: z.string(), noncommittal: flag, similarity: cosine })),
});
