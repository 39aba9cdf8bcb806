import type { DocumentResult, SkipReason, SourceDocument } from "../engine/text/document";
import { estimateTokens } from "../engine/text/tokens";
import { markdownHeadings } from "./markdown";

/**
 * Documents in: one file at a time, parsed locally by a library per format (each loaded only when a
 * file of its kind arrives), into `{ path, text, headings }` or a skip with its reason. A failure is
 * that document's alone: parseDocuments reads the rest whatever one of them does.
 */
export const DOCUMENT_EXTENSIONS = ["md", "markdown", "txt", "html", "htm", "pdf", "docx"] as const;

/** Fewer estimated tokens than this cannot carry a question and its reference. */
export const MIN_DOCUMENT_TOKENS = 20;

export interface DocumentFile {
  /** The path or file name as given; the document is named by it. */
  path: string;
  bytes: Uint8Array;
}

export function documentExtension(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? "" : path.slice(dot + 1).toLowerCase();
}

export async function parseDocument(file: DocumentFile): Promise<DocumentResult> {
  const ext = documentExtension(file.path);
  let doc: SourceDocument;
  try {
    const parsed = await read(file, ext);
    if (parsed === null)
      return skip(
        file.path,
        "unsupported",
        `.${ext || "(no extension)"} is not a document format we read (${DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(", ")})`,
      );
    doc = parsed;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof Error && error.name === "ScannedPdfError") return skip(file.path, "scanned_pdf", `no text to read: ${message}; run OCR on it first`);
    return skip(file.path, "unreadable", `could not be read as .${ext}: ${message}`);
  }
  if (doc.text.trim() === "") return skip(file.path, "empty", "has no text");
  const tokens = estimateTokens(doc.text);
  if (tokens < MIN_DOCUMENT_TOKENS) return skip(file.path, "too_short", `has about ${tokens} tokens of text, fewer than ${MIN_DOCUMENT_TOKENS}`);
  return { ok: true, document: doc };
}

/** Every file's result, in order; `onEach` hears each one as it lands (for progress). */
export async function parseDocuments(files: readonly DocumentFile[], onEach?: (result: DocumentResult, index: number) => void): Promise<DocumentResult[]> {
  const results: DocumentResult[] = [];
  for (const [index, file] of files.entries()) {
    const result = await parseDocument(file);
    results.push(result);
    onEach?.(result, index);
  }
  return results;
}

async function read(file: DocumentFile, ext: string): Promise<SourceDocument | null> {
  switch (ext) {
    case "md":
    case "markdown": {
      const text = decode(file.bytes);
      return { path: file.path, text, headings: markdownHeadings(text) };
    }
    case "txt":
      return { path: file.path, text: decode(file.bytes), headings: [] };
    case "html":
    case "htm":
      return (await import("./html")).parseHtml(file.path, decode(file.bytes));
    case "pdf":
      return (await import("./pdf")).parsePdf(file.path, file.bytes);
    case "docx":
      return (await import("./docx")).parseDocx(file.path, file.bytes);
    default:
      return null;
  }
}

/** UTF-8, a byte-order mark dropped; bytes that are not UTF-8 are an unreadable file, not mojibake. */
function decode(bytes: Uint8Array): string {
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

function skip(path: string, reason: SkipReason, message: string): DocumentResult {
  return { ok: false, skipped: { path, reason, message: `${path}: ${message}` } };
}
