import { z } from "zod";
import { flag, traceFields } from "../shared/trace-fields";
import type { FaithfulnessTrace } from "./score";

export const faithfulnessTraceFields = traceFields<FaithfulnessTrace>()({
  statements: z.array(z.object({ text: z.string(), verdict: flag, reason: z.string() })),
});
