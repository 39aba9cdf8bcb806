import type { Chunk, DocumentHeading, SourceDocument } from "./document";
import { splitSentenceSpans } from "./sentences";
import { sha256Hex } from "./sha256";
import { estimateTokens } from "./tokens";

/**
 * Chunking for test-set generation: cut the document at its real headings, keep whole sections
 * together while they fit the token budget, and pack a longer section's sentences up to the budget,
 * never splitting a sentence (a sentence longer than the budget is a chunk of its own). The sentence
 * splitter is the engine's, which handles Chinese, so unspaced text chunks too (ragas's word split
 * does not). Every chunk is an exact slice of the document's text.
 */

export interface ChunkOptions {
  /** Most estimated tokens in one chunk (a single longer sentence still makes one chunk). */
  maxTokens?: number;
}

export const DEFAULT_CHUNK_TOKENS = 500;

interface Pending {
  start: number;
  end: number;
  path: string[];
  bare: boolean;
}

interface Section {
  start: number;
  end: number;
  path: string[];
  /** Where the section's heading line starts (null for the text before the first heading). */
  heading: number | null;
}

export function chunkDocument(doc: SourceDocument, options: ChunkOptions = {}): Chunk[] {
  const budget = options.maxTokens ?? DEFAULT_CHUNK_TOKENS;
  const chunks: Chunk[] = [];
  // Whole sections gathered so far; `bare` while it holds nothing but heading lines, which are never
  // left as a chunk of their own: they go with the text that follows them.
  let pending = null as Pending | null;
  for (const section of sectionsOf(doc)) {
    const spans = splitSentenceSpans(doc.text.slice(section.start, section.end)).map((s) => ({
      start: section.start + s.start,
      end: section.start + s.end,
    }));
    if (spans.length === 0) continue;
    const first = spans[0]!;
    const end = spans[spans.length - 1]!.end;
    const bare = section.heading !== null && spans.length === 1 && first.start === section.heading;
    if (pending && tokens(doc, pending.start, end) <= budget) {
      pending = { ...pending, end, bare: pending.bare && bare };
      continue;
    }
    let from = first.start;
    let path = section.path;
    if (pending?.bare) {
      from = pending.start;
      path = pending.path;
    } else if (pending) {
      chunks.push(makeChunk(doc, pending.start, pending.end, pending.path));
    }
    pending = null;
    if (tokens(doc, from, end) <= budget) {
      pending = { start: from, end, path, bare };
      continue;
    }
    const pieces = packSentences(doc, [{ start: from, end: first.end }, ...spans.slice(1)], budget);
    for (const piece of pieces) chunks.push(makeChunk(doc, piece.start, piece.end, path));
  }
  if (pending) chunks.push(makeChunk(doc, pending.start, pending.end, pending.path));
  return chunks;
}

/** Chunks of many documents, in order. */
export function chunkDocuments(docs: readonly SourceDocument[], options: ChunkOptions = {}): Chunk[] {
  return docs.flatMap((doc) => chunkDocument(doc, options));
}

/** The content-hash id: the first 16 hex digits of SHA-256 over document, span and text. */
export function chunkId(document: string, start: number, end: number, text: string): string {
  return sha256Hex(`${document}\u0000${start}\u0000${end}\u0000${text}`).slice(0, 16);
}

function makeChunk(doc: SourceDocument, start: number, end: number, headings: string[]): Chunk {
  const text = doc.text.slice(start, end);
  return { id: chunkId(doc.path, start, end, text), document: doc.path, start, end, text, headings };
}

function tokens(doc: SourceDocument, start: number, end: number): number {
  return estimateTokens(doc.text.slice(start, end));
}

/** Greedy packing of whole sentences (absolute spans) up to the budget. */
function packSentences(doc: SourceDocument, spans: { start: number; end: number }[], budget: number) {
  const pieces: { start: number; end: number }[] = [];
  let start = spans[0]!.start;
  let end = spans[0]!.end;
  for (const span of spans.slice(1)) {
    if (tokens(doc, start, span.end) <= budget) {
      end = span.end;
      continue;
    }
    pieces.push({ start, end });
    start = span.start;
    end = span.end;
  }
  pieces.push({ start, end });
  return pieces;
}

/** The document cut at each heading; a section's path is the headings it sits under, outermost first. */
function sectionsOf(doc: SourceDocument): Section[] {
  const headings = [...doc.headings].filter((h) => h.start < doc.text.length).sort((a, b) => a.start - b.start);
  const sections: Section[] = [];
  const stack: DocumentHeading[] = [];
  let from = 0;
  let path: string[] = [];
  let at: number | null = null;
  for (const heading of headings) {
    if (heading.start > from) sections.push({ start: from, end: heading.start, path, heading: at });
    while (stack.length > 0 && stack[stack.length - 1]!.level >= heading.level) stack.pop();
    stack.push(heading);
    path = stack.map((h) => h.text);
    from = Math.max(from, heading.start);
    at = from;
  }
  sections.push({ start: from, end: doc.text.length, path, heading: at });
  return sections;
}
