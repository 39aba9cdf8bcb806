import { z } from "zod";
import { flag, position, traceFields } from "../shared/trace-fields";
import type { TopicAdherenceTrace } from "./score";

export const topicAdherenceTraceFields = traceFields<TopicAdherenceTrace>()({
  mode: z.enum(["precision", "recall", "f1"]),
  turns: z.array(z.object({ turn: position, text: z.string(), onTopic: flag, answered: flag, reason: z.string() })),
});
