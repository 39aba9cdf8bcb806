import { z } from "zod";
import { isCustomId } from "../../engine/metrics/custom";
import type { BuiltInMetricId } from "../../engine/metrics/types";
import { TEXT_TRACE_FIELDS, TEXT_TRACE_ITEMS } from "./trace-schemas-text";

/**
 * The trace fields each metric's score is computed from (DESIGN.md contract 4). A report from a
 * file is untrusted: these are checked before recomputeScore sees a trace, so a hand-edited
 * verdict of "yes" or 2 is named by its path instead of quietly changing a score.
 */

const flag = z.union([z.literal(0), z.literal(1)]);
/** A raw cosine: in [-1, 1] up to rounding. */
const cosine = z
  .number()
  .min(-1 - 1e-9)
  .max(1 + 1e-9);
const checked = z.object({ text: z.string(), verdict: flag });

export const TRACE_FIELDS: Record<BuiltInMetricId, z.ZodType> = {
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
  answer_correctness: z.looseObject({
    statements: z.array(checked),
    referenceStatements: z.array(checked),
    similarity: cosine.nullable(),
    weights: z.tuple([z.number().min(0), z.number().min(0)]),
  }),
  factual_correctness: z.looseObject({
    mode: z.enum(["f1", "precision", "recall"]),
    beta: z.number().positive(),
    atomicity: z.enum(["low", "high"]),
    coverage: z.enum(["low", "high"]),
    claims: z.array(checked),
    referenceClaims: z.array(checked),
  }),
  noise_sensitivity: z
    .looseObject({
      mode: z.enum(["relevant", "irrelevant"]),
      referenceStatements: z.array(z.object({ text: z.string() })),
      statements: z.array(z.object({ text: z.string(), correct: flag })),
      contexts: z.array(z.object({ index: z.number().int().min(0), supportsReference: z.array(flag), supportsAnswer: z.array(flag) })),
    })
    .superRefine((trace, ctx) => {
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
    }),
  context_entity_recall: z.looseObject({ referenceEntities: z.array(z.string()), contextEntities: z.array(z.string()) }),
  context_utilization: z.looseObject({
    contexts: z.array(z.object({ index: z.number().int().min(0), verdict: flag, reason: z.string() })),
  }),
  semantic_similarity: z.looseObject({ similarity: cosine }),
};

/** A custom judge's trace (`custom:<slug>`): the scale and every vote with its reason. */
const CUSTOM_TRACE_FIELDS = z
  .looseObject({
    scale: z.enum(["binary", "rubric"]),
    votes: z.array(z.object({ value: z.number().int(), reason: z.string() })).min(1),
  })
  .superRefine((trace, ctx) => {
    const allowed = trace.scale === "binary" ? [0, 1] : [1, 2, 3, 4, 5];
    trace.votes.forEach((v, i) => {
      if (!allowed.includes(v.value))
        ctx.addIssue({ code: "custom", path: ["votes", i, "value"], message: `a ${trace.scale} vote is one of ${allowed.join(", ")}` });
    });
  });

/** The trace checks for any metric id (undefined: not a metric this version knows). */
export function traceFieldsOf(metricId: string): z.ZodType | undefined {
  if (isCustomId(metricId)) return CUSTOM_TRACE_FIELDS;
  return (TRACE_FIELDS as Record<string, z.ZodType>)[metricId];
}

/** The field a metric's trace keeps its items in (a null result may not have it). */
const TRACE_ITEMS: Record<BuiltInMetricId, string> = {
  faithfulness: "statements",
  answer_relevancy: "questions",
  context_relevance: "sentences",
  context_precision: "contexts",
  context_recall: "statements",
  ...TEXT_TRACE_ITEMS,
  answer_correctness: "statements",
  factual_correctness: "claims",
  noise_sensitivity: "statements",
  context_entity_recall: "entities",
  context_utilization: "contexts",
  semantic_similarity: "similarity",
};

/** What a metric's score is computed from, in words, for a mismatch message. */
export function traceItemsOf(metricId: string): string {
  return isCustomId(metricId) ? "votes" : ((TRACE_ITEMS as Record<string, string>)[metricId] ?? "trace");
}
