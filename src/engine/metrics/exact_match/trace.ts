import { count, flag, traceFields } from "../shared/trace-fields";
import type { ExactMatchTrace } from "./score";

export const exactMatchTraceFields = traceFields<ExactMatchTrace>()({ match: flag, firstDifference: count.nullable() });
