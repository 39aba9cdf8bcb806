import { rankedTraceFields } from "../shared/retrieval-metric";

/** The ranked list and its cutoff k. */
export const mrrTraceFields = rankedTraceFields(true);
