import { z } from "zod";
import { flag, position, traceFields } from "../shared/trace-fields";
import type { ContextRelevanceTrace } from "./score";

export const contextRelevanceTraceFields = traceFields<ContextRelevanceTrace>()({
  sentences: z.array(z.object({ text: z.string(), context: position, relevant: flag })),
});
