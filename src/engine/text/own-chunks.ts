import { chunkId } from "./chunk";
import type { Chunk, SourceDocument } from "./document";

/**
 * "Use my chunks": the user's own chunks (a dataset's contexts, a chunk file) stand in for documents,
 * so the references a test set carries match what the user's retriever can return. Each distinct text
 * becomes a one-chunk document named `document` (a chunk file's row name, say), whose whole text is
 * the chunk, so a chunk's text is its source's text between its offsets here as for parsed documents.
 * Empty texts are dropped and repeated ones kept once (a dataset repeats a context across samples).
 */
export interface OwnChunk {
  document: string;
  text: string;
}

export function chunksFromTexts(items: readonly OwnChunk[]): { documents: SourceDocument[]; chunks: Chunk[] } {
  const seen = new Set<string>();
  const names = new Set<string>();
  const documents: SourceDocument[] = [];
  const chunks: Chunk[] = [];
  for (const item of items) {
    if (item.text.trim() === "" || seen.has(item.text)) continue;
    seen.add(item.text);
    // Two rows may share a name (a file's chunks all named after it): number the later ones.
    const path = names.has(item.document) ? `${item.document}#${documents.length + 1}` : item.document;
    names.add(path);
    documents.push({ path, text: item.text, headings: [] });
    chunks.push({ id: chunkId(path, 0, item.text.length, item.text), document: path, start: 0, end: item.text.length, text: item.text, headings: [] });
  }
  return { documents, chunks };
}
