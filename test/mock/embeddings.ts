/**
 * Deterministic stand-in embeddings: a signed hashed bag of word tokens (lower-cased, stop words
 * dropped, a plural "s" folded) and CJK character bigrams, L2-normalised. Texts sharing content
 * words get a high cosine; unrelated texts land near 0, as with a real embedding model.
 */
const EMBEDDING_DIM = 256;

const STOP = new Set(
  "a an and are as at be by did do does for from has have he her his how i in is it its of on or she that the their them they this to was were what when where which who why will with you your".split(
    " ",
  ),
);
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/u;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function features(text: string): string[] {
  const out: string[] = [];
  for (const run of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (CJK.test(run)) {
      const chars = Array.from(run).filter((c) => CJK.test(c));
      if (chars.length === 1) out.push(chars[0]!);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
      const latin = run.replace(new RegExp(CJK.source, "gu"), " ").trim();
      if (latin) out.push(...features(latin));
      continue;
    }
    if (STOP.has(run)) continue;
    out.push(run.length > 3 && run.endsWith("s") && !run.endsWith("ss") ? run.slice(0, -1) : run);
  }
  return out;
}

export function embedText(text: string, dim = EMBEDDING_DIM): number[] {
  const vector = new Array<number>(dim).fill(0);
  for (const feature of features(text)) {
    const hash = fnv1a(feature);
    vector[hash % dim]! += (hash >>> 16) & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...vector);
  // An empty (or all-stop-word) text still gets a unit vector so cosines stay finite.
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((x) => x / norm);
}

/** What the SDK asks for by default: little-endian float32, base64. */
export function toBase64(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString("base64");
}
