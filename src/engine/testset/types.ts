import { z } from "zod";
import type { CallRecord } from "../result";

/**
 * Test-set generation's data (DESIGN.md contract 12): the chunks it reads, the options it takes and
 * the lines it writes. Every shape that crosses a boundary (a chunk file, a written test set read
 * back) is a zod schema, and the types come from the schemas.
 */

/** ragas's three synthesizer names, kept so a generated set reads as ragas's; `quick` is ours. */
export const SYNTHESIZERS = ["single_hop_specific_query_synthesizer", "multi_hop_abstract_query_synthesizer", "multi_hop_specific_query_synthesizer"] as const;
export type GraphSynthesizer = (typeof SYNTHESIZERS)[number];
export type SynthesizerName = GraphSynthesizer | "quick";

/** ragas's QueryStyle and QueryLength enum names, as its `query_style` / `query_length` columns hold them. */
export const QUERY_STYLES = ["PERFECT_GRAMMAR", "POOR_GRAMMAR", "WEB_SEARCH_LIKE", "MISSPELLED"] as const;
export const QUERY_LENGTHS = ["SHORT", "MEDIUM", "LONG"] as const;
export type QueryStyle = (typeof QUERY_STYLES)[number];
export type QueryLength = (typeof QUERY_LENGTHS)[number];

export const CHECKS = ["grounded", "standalone", "leakage", "duplicate"] as const;
export type CheckName = (typeof CHECKS)[number];

export const MODES = ["graph", "quick"] as const;
export type GenerationMode = (typeof MODES)[number];

/**
 * One chunk of one document, as the chunker (or "use my chunks") gives it: `text` is exactly the
 * document's extracted text from `start` to `end`, and `id` a hash of its content.
 */
export const sourceChunkSchema = z.object({
  id: z.string().min(1),
  document: z.string().min(1),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  text: z.string().min(1),
});
export type SourceChunk = z.infer<typeof sourceChunkSchema>;

const checkResultSchema = z.object({ pass: z.boolean(), reason: z.string() });
export type CheckResult = z.infer<typeof checkResultSchema>;

/** One line of the test set: ragas's columns plus ours (contract 12). */
export const testsetSampleSchema = z.object({
  user_input: z.string(),
  reference: z.string(),
  reference_contexts: z.array(z.string()),
  reference_context_ids: z.array(z.string()),
  synthesizer_name: z.enum([...SYNTHESIZERS, "quick"]),
  persona_name: z.string(),
  query_style: z.enum(QUERY_STYLES),
  query_length: z.enum(QUERY_LENGTHS),
  sources: z.array(z.object({ document: z.string(), start: z.number().int().min(0), end: z.number().int().min(0) })),
  checks: z.partialRecord(z.enum(CHECKS), checkResultSchema),
});
export type TestsetSample = z.infer<typeof testsetSampleSchema>;

/**
 * What a dataset row keeps of a generated line beyond its sample (question, reference, contexts):
 * the rest of contract 12's columns, so the stored set exports as ragas's test set again.
 */
export const testsetExtraSchema = testsetSampleSchema.omit({ user_input: true, reference: true, reference_contexts: true });
export type TestsetExtra = z.infer<typeof testsetExtraSchema>;

/** Shares per synthesizer; missing ones are 0, all missing = equal thirds (ragas 0.4's default). */
export type Distribution = Partial<Record<GraphSynthesizer, number>>;

export interface GenerationOptions {
  /** Exactly this many lines when the checks let them pass within the 3 N budget. */
  size: number;
  mode: GenerationMode;
  /** An ISO 639-1 code or "auto" (detected from the chunks). */
  language: string;
  distribution?: Distribution;
  /** The checks candidates must pass; [] = none (every generated candidate is kept). */
  checks: readonly CheckName[];
  seed: number;
  /** Requests in flight at once (one limiter for the whole generation). */
  concurrency: number;
  /** Personas drawn from the corpus (graph mode). */
  personas?: number;
  /** Edited prompts from the studio, by prompt id. */
  prompts?: Record<string, { instruction?: string; inputTemplate?: string; examples?: { input: Record<string, string>; output: unknown }[] }>;
}

export interface Persona {
  name: string;
  role_description: string;
}

export type GenerationPhase = "extract" | "summarize" | "embed" | "personas" | "generate" | "check";

export interface GenerationUsage {
  chatRequests: number;
  embeddingRequests: number;
  promptTokens: number;
  completionTokens: number;
  /** Requests answered from the reply cache (a resume): free. */
  cachedRequests: number;
}

export interface GenerationProgress {
  phase: GenerationPhase;
  /** Accepted lines so far, of `size`. */
  accepted: number;
  size: number;
  candidates: number;
  usage: GenerationUsage;
}

export interface GenerationResult {
  samples: TestsetSample[];
  /** Exactly `size` lines passed (false: the 3 N budget ran out, or cancelled). */
  complete: boolean;
  cancelled: boolean;
  language: string;
  personas: Persona[];
  candidates: number;
  /** Candidates each check rejected (a candidate fails its first failing check only). */
  rejected: Record<CheckName | "error", number>;
  /** Candidates whose generation call failed after retries, with the reason, for stderr. */
  errors: string[];
  usage: GenerationUsage;
  calls: CallRecord[];
}
