import { z } from "zod";
import { flag, position, traceFields } from "../shared/trace-fields";
import type { ContextPrecisionTrace } from "./score";

/** Also context_utilization's: the same verdicts, judged against the answer. */
export const contextPrecisionTraceFields = traceFields<ContextPrecisionTrace>()({
  contexts: z.array(z.object({ index: position, verdict: flag, reason: z.string() })),
});
