import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { parseDocument } from "../../src/documents/parse";
import { normalizeQuestion } from "../../src/engine/testset/gate";
import { type TestsetSample, testsetSampleSchema } from "../../src/engine/testset";

/**
 * The mixed corpus of the documents slice (test/fixtures/documents/corpus: English and Chinese; long,
 * short, empty, tiny; .md .txt .html .pdf .docx; a scanned and two broken files) and the checks every
 * `generate` test makes of what came out.
 */
export const CORPUS = fileURLToPath(new URL("../fixtures/documents/corpus/", import.meta.url));
export const CORPUS_FILES = readdirSync(CORPUS).sort();

/** Why each file the corpus holds on purpose gives no chunk (the rest must give chunks). */
const EXPECTED_SKIPS: Record<string, string> = {
  "broken.docx": "unreadable",
  "broken.pdf": "unreadable",
  "empty.txt": "empty",
  "scanned.pdf": "scanned_pdf",
  "tiny.md": "too_short",
};

/** Each document's extracted text, as the parser gives it (offsets point into these). */
export async function extractedTexts(): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const name of CORPUS_FILES) {
    const path = join(CORPUS, name);
    const result = await parseDocument({ path, bytes: new Uint8Array(readFileSync(path)) });
    if (result.ok) texts.set(path, result.document.text);
  }
  return texts;
}

/** Contract 12 on a written test set; returns the parsed lines. */
export function expectTestset(text: string, size: number, texts: Map<string, string>): TestsetSample[] {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  expect(lines).toHaveLength(size);
  const samples = lines.map((l) => testsetSampleSchema.parse(JSON.parse(l)));
  for (const s of samples) {
    expect(s.reference_contexts.length).toBeGreaterThan(0);
    expect(s.sources).toHaveLength(s.reference_contexts.length);
    expect(s.reference_context_ids).toHaveLength(s.reference_contexts.length);
    for (const [i, src] of s.sources.entries()) expect(texts.get(src.document)?.slice(src.start, src.end), src.document).toBe(s.reference_contexts[i]);
  }
  expect(new Set(samples.map((s) => normalizeQuestion(s.user_input))).size).toBe(size);
  return samples;
}

/** stderr names every file of the corpus once, with its chunks or the reason it has none. */
export function expectEveryDocumentAccounted(stderr: string): void {
  for (const name of CORPUS_FILES) {
    const line = stderr.split("\n").find((l) => l.startsWith(`document ${join(CORPUS, name)}:`));
    expect(line, name).toBeDefined();
    if (EXPECTED_SKIPS[name]) expect(line).toContain(`skipped, ${EXPECTED_SKIPS[name]}: `);
    else expect(line).toMatch(/: \d+ chunks?$/);
  }
  const chunked = CORPUS_FILES.length - Object.keys(EXPECTED_SKIPS).length;
  expect(stderr).toContain(`documents: ${CORPUS_FILES.length} found, ${chunked} chunked into`);
}
