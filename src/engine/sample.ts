import { z } from "zod";

/**
 * A sample as the engine sees it (DESIGN.md contract 2), in the strict, normalised shape reports
 * store: the importers accept more (no id, the ragas column names, list cells) and build this.
 * The type is inferred from the schema, so what is checked on read and what the code handles are
 * one shape.
 */
export const sampleSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  contexts: z.array(z.string()),
  reference: z.string().optional(),
  /** Retrieval ids (DESIGN.md contract 15): the retrieved contexts' ids in rank order (ragas `retrieved_context_ids`). */
  retrievedContextIds: z.array(z.string()).optional(),
  /** The relevant ids (ragas `reference_context_ids`). */
  referenceContextIds: z.array(z.string()).optional(),
  /** Graded relevance, id -> gain (0 = not relevant); a graded id's grade overrides the 1 a reference id gets. */
  referenceContextGrades: z.record(z.string(), z.number().finite().min(0)).optional(),
});

export type Sample = z.infer<typeof sampleSchema>;

/** A field of a sample: what a file column maps to (storage/format/columns.ts lists a column for each). */
export type SampleField = keyof Sample;

/** The fields a judge metric or a custom judge reads (the id is a name, never an input). */
// The retrieval ids are read by the id metrics alone (contract 15), never put into a judge's prompt.
export const sampleInputSchema = sampleSchema.keyof().exclude(["id", "retrievedContextIds", "referenceContextIds", "referenceContextGrades"]);
export type SampleInput = z.infer<typeof sampleInputSchema>;
