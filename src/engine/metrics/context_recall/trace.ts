import { z } from "zod";
import { flag, traceFields } from "../shared/trace-fields";
import type { ContextRecallTrace } from "./score";

export const contextRecallTraceFields = traceFields<ContextRecallTrace>()({
  statements: z.array(z.object({ text: z.string(), attributed: flag, reason: z.string() })),
});
