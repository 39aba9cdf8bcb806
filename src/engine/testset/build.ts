import { isMetricError } from "../result";
import { askPrompt, embedAll, type GenerationContext, languageFor } from "./context";
import type { GraphNode } from "./graph";
import { type ChunkFacts, extractPrompt, personasOutputFor, personasPrompt, summaryPrompt } from "./prompts-graph";
import type { Persona, SourceChunk } from "./types";

/**
 * Building the graph's nodes: per chunk ONE extraction call (themes, entities, quality), per
 * document one summary, and the vectors in batched requests. A failed call costs its node that
 * property, never the generation (ragas: one failing transform empties a property or aborts the
 * whole run, #2353 / #2587); only a cancellation stops it.
 */

/** A document's text as its chunks give it, in order, capped where ragas caps its summary input. */
const SUMMARY_INPUT_CHARS = 24_000;

/** Rethrows a cancellation; anything else is a failed step whose node goes without. */
function orUndefined(error: unknown): undefined {
  if (isMetricError(error) && error.code === "cancelled") throw error;
  return undefined;
}

export async function extractFacts(ctx: GenerationContext, chunks: readonly SourceChunk[], onDone: () => void): Promise<(ChunkFacts | undefined)[]> {
  return Promise.all(
    chunks.map((chunk) =>
      askPrompt(ctx, extractPrompt, { text: chunk.text, language: languageFor(ctx, [chunk.text]) }, undefined, 1)
        .catch(orUndefined)
        .finally(onDone),
    ),
  );
}

export function documentsOf(chunks: readonly SourceChunk[]): { name: string; text: string }[] {
  const byDoc = new Map<string, SourceChunk[]>();
  for (const c of chunks) byDoc.set(c.document, [...(byDoc.get(c.document) ?? []), c]);
  return [...byDoc].map(([name, list]) => ({
    name,
    text: [...list]
      .sort((a, b) => a.start - b.start)
      .map((c) => c.text)
      .join("\n\n")
      .slice(0, SUMMARY_INPUT_CHARS),
  }));
}

export async function summarize(ctx: GenerationContext, docs: readonly { text: string }[], onDone: () => void): Promise<(string | undefined)[]> {
  return Promise.all(
    docs.map((d) =>
      askPrompt(ctx, summaryPrompt, { text: d.text, language: languageFor(ctx, [d.text]) }, undefined, 1)
        .then((r) => (r.summary.trim() === "" ? undefined : r.summary.trim()))
        .catch(orUndefined)
        .finally(onDone),
    ),
  );
}

/** Vectors for the texts, or none when the embedding request failed (the steps that use them fall back). */
export async function vectorsOf(ctx: GenerationContext, texts: readonly string[], promptId: string): Promise<(number[] | undefined)[]> {
  if (texts.length === 0) return [];
  try {
    return await embedAll(ctx, texts, promptId);
  } catch (error) {
    orUndefined(error);
    return texts.map(() => undefined);
  }
}

/** ragas's fallback when no persona can be drawn: generic readers, so no synthesizer is left empty (#1988). */
const FALLBACK_PERSONAS: Persona[] = [
  { name: "Curious reader", role_description: "Someone new to the subject who wants the main facts explained." },
  { name: "Domain expert", role_description: "A specialist who checks precise details and figures." },
  { name: "Decision maker", role_description: "Someone who needs to compare options and act on them." },
];

/** One call for every persona, from the summaries of up to 12 documents spread over the corpus. */
export async function drawPersonas(ctx: GenerationContext, summaries: readonly (string | undefined)[], count: number): Promise<Persona[]> {
  const known = summaries.filter((s): s is string => s !== undefined);
  const step = Math.max(1, Math.ceil(known.length / 12));
  const shown = known.filter((_, i) => i % step === 0).slice(0, 12);
  if (shown.length === 0 || count === 0) return FALLBACK_PERSONAS.slice(0, count);
  try {
    const reply = await askPrompt(
      ctx,
      personasPrompt,
      { count: String(count), summaries: shown.map((s, i) => `[${i + 1}] ${s}`).join("\n") },
      personasOutputFor(count),
      1,
    );
    return reply.personas.map((p, i) => ({
      name: p.name.trim() || FALLBACK_PERSONAS[i % 3]!.name,
      role_description: p.role_description.trim() || FALLBACK_PERSONAS[i % 3]!.role_description,
    }));
  } catch (error) {
    orUndefined(error);
    return FALLBACK_PERSONAS.slice(0, count);
  }
}

export function nodesOf(chunks: readonly SourceChunk[], facts: readonly (ChunkFacts | undefined)[], vectors: readonly (number[] | undefined)[]): GraphNode[] {
  return chunks.map((chunk, i) => ({ chunk, facts: facts[i], vector: vectors[i] }));
}
