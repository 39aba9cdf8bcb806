import { z } from "zod";
import { cosine, flag, traceFields } from "../shared/trace-fields";
import type { AnswerCorrectnessTrace } from "./score";

/** A statement checked against the other side (also factual_correctness's claims). */
export const checkedStatement = z.object({ text: z.string(), verdict: flag });

export const answerCorrectnessTraceFields = traceFields<AnswerCorrectnessTrace>()({
  statements: z.array(checkedStatement),
  referenceStatements: z.array(checkedStatement),
  similarity: cosine.nullable(),
  weights: z.tuple([z.number().min(0), z.number().min(0)]),
});
