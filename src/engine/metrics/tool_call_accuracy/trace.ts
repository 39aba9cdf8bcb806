import { z } from "zod";
import { toolCallPairs } from "../shared/tool-call-trace";
import { traceFields } from "../shared/trace-fields";
import type { ToolCallAccuracyTrace } from "./score";

export const toolCallAccuracyTraceFields = traceFields<ToolCallAccuracyTrace>()({ order: z.enum(["strict", "any"]), pairs: toolCallPairs });
