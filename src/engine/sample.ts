import { z } from "zod";

/** A sample as the engine sees it (DESIGN.md contract 2). */
export interface Sample {
  id: string;
  question: string;
  answer: string;
  contexts: string[];
  reference?: string;
}

const text = z.string();
const contextList = z.union([z.array(z.string()), z.string().transform((s) => [s])]);

/**
 * Accepts our field names and the ragas ones (v2: user_input, response, retrieved_contexts,
 * reference; v1: question, answer, contexts, ground_truth; pre-0.1: ground_truths as a list).
 * Our own names win when both are present.
 */
export const rawSampleSchema = z
  .object({
    id: z.union([z.string(), z.number()]).optional(),
    question: text.optional(),
    user_input: text.optional(),
    answer: text.optional(),
    response: text.optional(),
    contexts: contextList.optional(),
    retrieved_contexts: contextList.optional(),
    reference: text.nullable().optional(),
    ground_truth: text.nullable().optional(),
    ground_truths: z.array(z.string()).nullable().optional(),
  })
  .passthrough();

export type RawSample = z.input<typeof rawSampleSchema>;

export interface SampleIssue {
  field: string;
  message: string;
}

/** Normalises one raw record; returns the issues instead of throwing so callers can name the row. */
export function normalizeSample(raw: unknown, fallbackId: string): { sample: Sample } | { issues: SampleIssue[] } {
  const parsed = rawSampleSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      issues: parsed.error.issues.map((issue) => ({
        field: issue.path.join(".") || "(record)",
        message: issue.message,
      })),
    };
  }
  const r = parsed.data;
  const question = r.question ?? r.user_input;
  const answer = r.answer ?? r.response;
  const contexts = r.contexts ?? r.retrieved_contexts ?? [];
  const reference = r.reference ?? r.ground_truth ?? (r.ground_truths ? r.ground_truths.join("\n") : undefined);
  const issues: SampleIssue[] = [];
  if (question === undefined) issues.push({ field: "question", message: "missing (also looked for user_input)" });
  if (answer === undefined) issues.push({ field: "answer", message: "missing (also looked for response)" });
  if (issues.length > 0) return { issues };
  const sample: Sample = {
    id: r.id === undefined ? fallbackId : String(r.id),
    question: question as string,
    answer: answer as string,
    contexts: contexts.filter((c) => c.trim().length > 0),
  };
  if (reference !== undefined && reference !== null && reference.trim() !== "") sample.reference = reference;
  return { sample };
}

/** The strict, normalised shape (what reports store). */
export const sampleSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  contexts: z.array(z.string()),
  reference: z.string().optional(),
});
