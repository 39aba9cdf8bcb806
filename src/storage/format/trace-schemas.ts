import { z } from "zod";
import type { MetricId } from "../../engine/metrics/types";
import { TEXT_TRACE_FIELDS, TEXT_TRACE_ITEMS } from "./trace-schemas-text";

/**
 * The trace fields each metric's score is computed from (DESIGN.md contract 4). A report from a
 * file is untrusted: these are checked before recomputeScore sees a trace, so a hand-edited
 * verdict of "yes" or 2 is named by its path instead of quietly changing a score.
 */

const flag = z.union([z.literal(0), z.literal(1)]);

export const TRACE_FIELDS: Record<MetricId, z.ZodType> = {
  faithfulness: z.looseObject({
    statements: z.array(z.object({ text: z.string(), verdict: flag, reason: z.string() })),
  }),
  answer_relevancy: z.looseObject({
    questions: z.array(
      z.object({
        text: z.string(),
        noncommittal: flag,
        similarity: z
          .number()
          .min(-1 - 1e-9)
          .max(1 + 1e-9),
      }),
    ),
  }),
  context_relevance: z.looseObject({
    sentences: z.array(z.object({ text: z.string(), context: z.number().int().min(0), relevant: flag })),
  }),
  context_precision: z.looseObject({
    contexts: z.array(z.object({ index: z.number().int().min(0), verdict: flag, reason: z.string() })),
  }),
  context_recall: z.looseObject({
    statements: z.array(z.object({ text: z.string(), attributed: flag, reason: z.string() })),
  }),
  ...TEXT_TRACE_FIELDS,
};

/** The field a metric's trace keeps its items in (a null result may not have it). */
export const TRACE_ITEMS: Record<MetricId, string> = {
  faithfulness: "statements",
  answer_relevancy: "questions",
  context_relevance: "sentences",
  context_precision: "contexts",
  context_recall: "statements",
  ...TEXT_TRACE_ITEMS,
};
