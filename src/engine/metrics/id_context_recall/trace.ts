import { rankedTraceFields } from "../shared/retrieval-metric";

/** The ranked list over all ranks (k is null). */
export const idContextRecallTraceFields = rankedTraceFields(false);
