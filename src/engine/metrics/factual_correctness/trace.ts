import { z } from "zod";
import { checkedStatement } from "../answer_correctness/trace";
import { traceFields } from "../shared/trace-fields";
import type { FactualCorrectnessTrace } from "./score";

export const factualCorrectnessTraceFields = traceFields<FactualCorrectnessTrace>()({
  mode: z.enum(["f1", "precision", "recall"]),
  beta: z.number().positive(),
  atomicity: z.enum(["low", "high"]),
  coverage: z.enum(["low", "high"]),
  claims: z.array(checkedStatement),
  referenceClaims: z.array(checkedStatement),
});
