import { z } from "zod";
import { count, traceFields } from "../shared/trace-fields";
import type { ChrfTrace } from "./score";

export const chrfTraceFields = traceFields<ChrfTrace>()({
  beta: z.number().positive(),
  orders: z
    .array(
      z
        .object({ n: z.number().int().min(1), answer: count, reference: count, matches: count })
        .refine((o) => o.matches <= Math.min(o.answer, o.reference), { message: "more matches than n-grams", path: ["matches"] }),
    )
    .min(1),
});
