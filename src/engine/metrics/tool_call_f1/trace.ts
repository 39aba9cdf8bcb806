import { z } from "zod";
import { toolCallPairs } from "../shared/tool-call-trace";
import { traceFields } from "../shared/trace-fields";
import type { ToolCallF1Trace } from "./score";

export const toolCallF1TraceFields = traceFields<ToolCallF1Trace>()({ order: z.literal("any"), pairs: toolCallPairs });
