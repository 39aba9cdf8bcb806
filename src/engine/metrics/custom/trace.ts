import { z } from "zod";
import { traceFields } from "../shared/trace-fields";
import type { CustomJudgeTrace } from "./score";

/** A custom judge's trace (`custom:<slug>`): the scale and every vote with its reason. */
export const customJudgeTraceFields = traceFields<CustomJudgeTrace>()({
  scale: z.enum(["binary", "rubric"]),
  votes: z.array(z.object({ value: z.number().int(), reason: z.string() })).min(1),
}).superRefine((trace, ctx) => {
  const allowed = trace.scale === "binary" ? [0, 1] : [1, 2, 3, 4, 5];
  trace.votes.forEach((v, i) => {
    if (!allowed.includes(v.value))
      ctx.addIssue({ code: "custom", path: ["votes", i, "value"], message: `a ${trace.scale} vote is one of ${allowed.join(", ")}` });
  });
});
