import { embeddingCallRecord } from "../engine/call-record";
import type { Embedder, EmbedReply, EmbedRequest } from "../engine/ports";
import { MetricError } from "../engine/result";
import { estimateTokens } from "../llm/tokens";

/**
 * A local stand-in for an embedding model, for the demo only: texts sharing words (English) or
 * character pairs (Chinese) point the same way. Deterministic, instant, no network. Signed
 * feature hashing (the sign from another hash bit) keeps collisions from inflating similarity,
 * so unrelated texts land near 0 rather than always above it, as with real embeddings.
 */

const DEMO_EMBEDDER_MODEL = "demo-embedder (local)";
const DIMENSIONS = 512;

/** Words that carry no topic; without this "what is the" makes every question look alike. */
const STOPWORDS = new Set(
  "a an and are as at be by can do does for from has have how i in is it its of on or the this to was what when where which who why will with you your".split(
    " ",
  ),
);

const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;

/** FNV-1a, 32 bit: tiny and stable across runtimes. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Lower-cased words (minus stopwords) and CJK character bigrams (a lone character stands for itself). */
export function demoFeatures(text: string): string[] {
  const features: string[] = [];
  for (const run of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = Array.from(run);
    if (!chars.some((c) => CJK.test(c))) {
      if (!STOPWORDS.has(run)) features.push(run);
      continue;
    }
    // Mixed runs ("vpn账号") split into Latin words and CJK stretches.
    for (const part of run.match(/[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[^\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu) ?? []) {
      const cs = Array.from(part);
      if (!CJK.test(cs[0]!)) {
        if (!STOPWORDS.has(part)) features.push(part);
      } else if (cs.length === 1) {
        features.push(part);
      } else {
        for (let i = 0; i + 1 < cs.length; i++) features.push(cs[i]! + cs[i + 1]!);
      }
    }
  }
  return features;
}

export function demoVector(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const feature of demoFeatures(text)) {
    const h = fnv1a(feature);
    vector[h % DIMENSIONS]! += h >>> 31 === 1 ? -1 : 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  return norm === 0 ? vector : vector.map((x) => x / norm);
}

export function createDemoEmbedder(): Embedder {
  return {
    async embed(request: EmbedRequest): Promise<EmbedReply> {
      if (request.signal?.aborted) throw new MetricError("cancelled", "Cancelled.");
      return {
        vectors: request.texts.map(demoVector),
        call: embeddingCallRecord(request, DEMO_EMBEDDER_MODEL, {
          promptTokens: request.texts.reduce((sum, t) => sum + estimateTokens(t), 0),
          attempts: 1,
        }),
      };
    },
  };
}
