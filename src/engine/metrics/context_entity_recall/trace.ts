import { textItems, traceFields } from "../shared/trace-fields";
import type { ContextEntityRecallTrace } from "./score";

export const contextEntityRecallTraceFields = traceFields<ContextEntityRecallTrace>()({
  referenceEntities: textItems,
  contextEntities: textItems,
});
