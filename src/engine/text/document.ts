import { z } from "zod";

/**
 * A document as the test-set generator sees it: the text it was extracted to (for .md and .txt, the
 * file's own text) and the headings the format itself marks, each at the character where it starts.
 * Every chunk and every generated sample's `sources` point into `text` by offsets, so `text` is the
 * one thing offsets are checked against.
 */
const documentHeadingSchema = z.object({
  level: z.number().int().min(1).max(6),
  text: z.string(),
  /** Index in the document's text where the heading line starts. */
  start: z.number().int().nonnegative(),
});
export type DocumentHeading = z.infer<typeof documentHeadingSchema>;

export const sourceDocumentSchema = z.object({
  /** The path (or file name) as the user gave it; the generated samples name their document by it. */
  path: z.string().min(1),
  text: z.string(),
  headings: z.array(documentHeadingSchema),
});
export type SourceDocument = z.infer<typeof sourceDocumentSchema>;

/** Why a document gave no chunks; every document is accounted for, by name (DESIGN contract 12). */
export const SKIP_REASONS = ["empty", "too_short", "unreadable", "scanned_pdf", "unsupported"] as const;
export const skippedDocumentSchema = z.object({
  path: z.string().min(1),
  reason: z.enum(SKIP_REASONS),
  message: z.string(),
});
type SkippedDocument = z.infer<typeof skippedDocumentSchema>;
export type SkipReason = SkippedDocument["reason"];

export type DocumentResult = { ok: true; document: SourceDocument } | { ok: false; skipped: SkippedDocument };

/** A span of one document's text; `sources` on a generated sample are these. */
const documentSpanSchema = z.object({
  document: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});

export const chunkSchema = documentSpanSchema.extend({
  /** A content hash of document, span and text: the same chunk always gets the same id. */
  id: z.string(),
  /** Exactly the document's text from start to end. */
  text: z.string(),
  /** The heading path the chunk starts under, outermost first. */
  headings: z.array(z.string()),
});
export type Chunk = z.infer<typeof chunkSchema>;
