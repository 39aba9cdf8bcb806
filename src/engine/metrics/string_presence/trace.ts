import { count, flag, traceFields } from "../shared/trace-fields";
import type { StringPresenceTrace } from "./score";

export const stringPresenceTraceFields = traceFields<StringPresenceTrace>()({ present: flag, at: count.nullable() });
