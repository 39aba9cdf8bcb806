import { renderMessages } from "../prompts/render";
import type { PromptDef } from "../prompts/types";
import { statementsPrompt, verdictsPrompt } from "../metrics/shared/statement-prompts";
import { documentsOf } from "./build";
import { extractPrompt, personasPrompt, summaryPrompt } from "./prompts-graph";
import { closedBookPrompt, multiHopPrompt, quickPrompt, singleHopPrompt } from "./prompts-query";
import type { GenerationOptions, SourceChunk } from "./types";

/**
 * The cost before it starts: calls and tokens from the prompts' real rendered size plus the
 * chunks' text (the same rough estimator as the transport: ~4 characters a token, one per CJK
 * character). The gate is estimated at the share of candidates it typically replaces.
 */

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/gu;

function roughTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** The fixed part of a prompt (instruction, examples, labels) as sent with empty inputs. */
function overhead(prompt: PromptDef): number {
  const empty = Object.fromEntries(prompt.variables.map((v) => [v, ""]));
  return renderMessages(prompt, empty).reduce((n, m) => n + roughTokens(m.content), 0) + roughTokens(JSON.stringify(prompt.output.jsonSchema));
}

export interface GenerationEstimate {
  chatCalls: number;
  embeddingRequests: number;
  promptTokens: number;
  completionTokens: number;
}

/** Typical replies, in tokens. */
const REPLY = { extract: 60, summary: 120, persona: 45, query: 80, statements: 50, verdicts: 60, closedBook: 40 };
/** Candidates per accepted line with the gate on (rejected ones are replaced): a planning figure, not a promise. */
const GATED_CANDIDATES = 1.3;
const PER_REQUEST = 100;

export function estimateGeneration(
  chunks: readonly SourceChunk[],
  options: Pick<GenerationOptions, "size" | "mode" | "checks" | "personas">,
): GenerationEstimate {
  const chunkTokens = chunks.map((c) => roughTokens(c.text));
  const meanChunk = chunkTokens.reduce((a, b) => a + b, 0) / Math.max(1, chunks.length);
  const docs = documentsOf(chunks);
  const e: GenerationEstimate = { chatCalls: 0, embeddingRequests: Math.ceil(chunks.length / PER_REQUEST), promptTokens: 0, completionTokens: 0 };
  const add = (calls: number, input: number, output: number) => {
    e.chatCalls += calls;
    e.promptTokens += Math.round(input);
    e.completionTokens += Math.round(output);
  };
  const gated = options.checks.length > 0 ? GATED_CANDIDATES : 1;
  const candidates = Math.ceil(options.size * gated);
  let contextTokens = meanChunk;
  if (options.mode === "graph") {
    const personas = options.personas ?? 3;
    add(chunks.length, chunks.length * overhead(extractPrompt) + chunkTokens.reduce((a, b) => a + b, 0), chunks.length * REPLY.extract);
    add(
      docs.length,
      docs.reduce((n, d) => n + overhead(summaryPrompt) + roughTokens(d.text), 0),
      docs.length * REPLY.summary,
    );
    add(1, overhead(personasPrompt) + Math.min(12, docs.length) * REPLY.summary, personas * REPLY.persona);
    e.embeddingRequests += Math.ceil(docs.length / PER_REQUEST);
    // A third single-hop (one context), two thirds multi-hop (two contexts).
    contextTokens = meanChunk * (1 / 3 + (2 / 3) * 2);
    const perQuery = (overhead(singleHopPrompt) + 2 * overhead(multiHopPrompt)) / 3;
    add(candidates, candidates * (perQuery + contextTokens + 40), candidates * REPLY.query);
  } else {
    contextTokens = meanChunk * (2 / 3 + (1 / 3) * 2);
    add(candidates, candidates * (overhead(quickPrompt) + contextTokens), candidates * REPLY.query);
  }
  if (options.checks.includes("grounded") || options.checks.includes("leakage"))
    add(candidates, candidates * (overhead(statementsPrompt) + 80), candidates * REPLY.statements);
  if (options.checks.includes("grounded")) add(candidates, candidates * (overhead(verdictsPrompt) + contextTokens + 60), candidates * REPLY.verdicts);
  if (options.checks.includes("leakage")) {
    add(candidates, candidates * (overhead(closedBookPrompt) + 30), candidates * REPLY.closedBook);
    add(candidates, candidates * (overhead(verdictsPrompt) + 100), candidates * REPLY.verdicts);
  }
  if (options.checks.includes("duplicate")) e.embeddingRequests += options.checks.length > 1 ? 2 : 1;
  return e;
}
