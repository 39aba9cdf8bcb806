import { z } from "zod";
import { flag, position, traceFields } from "../shared/trace-fields";
import type { NoiseSensitivityTrace } from "./score";

export const noiseSensitivityTraceFields = traceFields<NoiseSensitivityTrace>()({
  mode: z.enum(["relevant", "irrelevant"]),
  referenceStatements: z.array(z.object({ text: z.string() })),
  statements: z.array(z.object({ text: z.string(), correct: flag })),
  contexts: z.array(z.object({ index: position, supportsReference: z.array(flag), supportsAnswer: z.array(flag) })),
}).superRefine((trace, ctx) => {
  // One flag per statement, exactly (ragas breaks on ragged verdict arrays; a report must not hold one).
  trace.contexts.forEach((c, k) => {
    if (c.supportsReference.length !== trace.referenceStatements.length)
      ctx.addIssue({
        code: "custom",
        path: ["contexts", k, "supportsReference"],
        message: `needs ${trace.referenceStatements.length} flags, one per reference statement`,
      });
    if (c.supportsAnswer.length !== trace.statements.length)
      ctx.addIssue({
        code: "custom",
        path: ["contexts", k, "supportsAnswer"],
        message: `needs ${trace.statements.length} flags, one per answer statement`,
      });
  });
});
