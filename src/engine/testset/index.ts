import { statementsPrompt, verdictsPrompt } from "../metrics/shared/statement-prompts";
import type { PromptDef } from "../prompts/types";
import { extractPrompt, personasPrompt, summaryPrompt } from "./prompts-graph";
import { closedBookPrompt, multiHopPrompt, quickPrompt, singleHopPrompt } from "./prompts-query";

/**
 * Test-set generation (issue 28, DESIGN.md contract 12), pure over the engine's ports.
 *
 *   estimateGeneration(chunks, options) -> { chatCalls, embeddingRequests, promptTokens, completionTokens }
 *       the cost before it starts.
 *   generateTestset(chunks, options, { judge, embedder, signal?, onProgress?, onSpend? }) -> GenerationResult
 *       chunks: SourceChunk[] ({ id, document, start, end, text }, text = the document's text from
 *       start to end); options: GenerationOptions ({ size, mode: "graph" | "quick", language:
 *       "auto" | code, distribution?, checks, seed, concurrency, personas?, prompts? }).
 *       Resolves to { samples: TestsetSample[] (contract 12's lines), complete, cancelled, language,
 *       personas, candidates, rejected: { grounded, standalone, leakage, duplicate, error }, errors,
 *       usage, calls }. Deterministic for the same chunks, options and replies, so a resume is the
 *       same call over the same ResponseCache: answered requests come back from the cache, free.
 *   pausablePorts({ judge, embedder }) the ports with a Pause: no new request starts, those in flight
 *       finish into the cache (settled()), and the generation ends `cancelled`; a resume goes on.
 *   testsetPrompts() every prompt generation sends (the studio lists, edits and diffs them; pass
 *       edits as options.prompts, by id).
 */
export { generateTestset, BUDGET_FACTOR, type GenerationPorts } from "./generate";
export { estimateGeneration, type GenerationEstimate } from "./estimate";
export { detectLanguage } from "./language";
export { type PausablePorts, pausablePorts } from "./pause";
export {
  CHECKS,
  MODES,
  QUERY_LENGTHS,
  QUERY_STYLES,
  SYNTHESIZERS,
  sourceChunkSchema,
  testsetSampleSchema,
  type CheckName,
  type Distribution,
  type GenerationMode,
  type GenerationOptions,
  type GenerationProgress,
  type GenerationResult,
  type SourceChunk,
  type TestsetSample,
} from "./types";

/** Every prompt a generation may send, each once: its own seven and the two statement steps of faithfulness the gate reuses. */
export function testsetPrompts(): PromptDef[] {
  return [extractPrompt, summaryPrompt, personasPrompt, singleHopPrompt, multiHopPrompt, quickPrompt, closedBookPrompt, statementsPrompt, verdictsPrompt];
}
