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
});

export type Sample = z.infer<typeof sampleSchema>;

/** A field of a sample: what a file column maps to (storage/format/columns.ts lists a column for each). */
export type SampleField = keyof Sample;

/** The fields a metric or a custom judge reads (the id is a name, never an input). */
export const sampleInputSchema = sampleSchema.keyof().exclude(["id"]);
export type SampleInput = z.infer<typeof sampleInputSchema>;
