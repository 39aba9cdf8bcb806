import { z } from "zod";
import { count, flag, position, traceFields } from "../shared/trace-fields";
import type { ConversationFaithfulnessTrace } from "./score";

export const conversationFaithfulnessTraceFields = traceFields<ConversationFaithfulnessTrace>()({
  turns: z.array(
    z.object({
      turn: position,
      statements: z.array(z.object({ text: z.string(), verdict: flag, reason: z.string() })),
      evidence: count,
    }),
  ),
});
