import { z } from "zod";
import { toolCallSchema } from "../sample";
import type { TargetInputs } from "./render-request";

/**
 * What asking the target about one sample gave: the answer, contexts and ids the paths picked, with
 * the HTTP status, the latency and how many attempts it took; or, once retries are spent, a coded
 * `target_error` whose message names the HTTP status or the path that matched nothing. Parsed with
 * these schemas wherever it is read back (the CLI's reply cache, the app's stored rows).
 */

const count = z.number().int().min(0);

const targetAnsweredSchema = z.object({
  answer: z.string(),
  contexts: z.array(z.string()),
  contextIds: z.array(z.string()).optional(),
  /** The tool calls the reply made, when the target's toolCalls path names them (a conversation's assistant turn keeps them). */
  toolCalls: z.array(toolCallSchema).optional(),
  status: z.number().int(),
  ms: z.number().min(0),
  attempts: count,
});

const targetErrorSchema = z.object({ code: z.literal("target_error"), message: z.string() });

const targetFailedSchema = z.object({
  error: targetErrorSchema,
  /** The last HTTP status, when the server answered at all. */
  status: z.number().int().optional(),
  ms: z.number().min(0),
  attempts: count,
});

export const targetOutcomeSchema = z.union([targetAnsweredSchema, targetFailedSchema]);

export type TargetFailed = z.infer<typeof targetFailedSchema>;
export type TargetOutcome = z.infer<typeof targetOutcomeSchema>;

export function isTargetFailed(outcome: TargetOutcome): outcome is TargetFailed {
  return "error" in outcome;
}

/** What a written sample keeps of its call (contract 13): `{ status, ms }`, or `{ error }` (with status and ms when known). */
export function targetStamp(outcome: TargetOutcome): { status?: number; ms: number; error?: TargetFailed["error"] } {
  if (isTargetFailed(outcome)) return { error: { ...outcome.error }, ...(outcome.status !== undefined ? { status: outcome.status } : {}), ms: outcome.ms };
  return { status: outcome.status, ms: outcome.ms };
}

/**
 * The engine's port for the user's RAG system, beside Judge and Embedder: src/llm/target
 * implements it over an injected fetch (the CLI passes Node's, the app the browser's).
 */
export interface TargetPort {
  ask(inputs: TargetInputs, signal?: AbortSignal): Promise<TargetOutcome>;
}
