import { z } from "zod";

/** A sample as the engine sees it (DESIGN.md contract 2). */
export interface Sample {
  id: string;
  question: string;
  answer: string;
  contexts: string[];
  reference?: string;
}

/** The strict, normalised shape (what reports store). */
export const sampleSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  contexts: z.array(z.string()),
  reference: z.string().optional(),
});
