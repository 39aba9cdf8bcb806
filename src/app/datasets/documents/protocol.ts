import type { Chunk, SkipReason, SourceDocument } from "../../../engine/text/document";

/** Messages between the Datasets view and its documents worker (structured-clone safe). */

export type ToDocumentsWorker = { type: "parse"; files: { name: string; bytes: Uint8Array }[] };

/** One document's outcome: its text and chunks, or why it gave none. */
export type DocumentEntry =
  | { name: string; ok: true; document: SourceDocument; chunks: Chunk[] }
  | { name: string; ok: false; reason: SkipReason; message: string };

export type FromDocumentsWorker = { type: "document"; index: number; total: number; entry: DocumentEntry } | { type: "done" };
