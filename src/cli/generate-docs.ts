import { readdir, readFile, stat } from "node:fs/promises";
import { extname, join } from "node:path";
import type { SourceChunk } from "../engine/testset";
import { sha256Hex } from "../engine/text/sha256";
import { RunError } from "./errors";

/**
 * `generate --docs`: files and folders to chunks, and an account of every document (its chunks,
 * or why none). One bad document never stops the rest.
 *
 * TEMPORARY until the documents slice (i28-docs) lands: .md and .txt are read as UTF-8 and packed
 * by paragraphs; .html, .pdf and .docx are reported as unreadable.
 */

const SUPPORTED = new Set([".md", ".markdown", ".txt", ".html", ".htm", ".pdf", ".docx"]);
const TOO_SHORT_CHARS = 50;
const CHUNK_CHARS = 2800;

export interface DocumentAccount {
  path: string;
  chunks: number;
  /** Why it gave no chunk: empty, too short, unreadable, a scanned PDF, an unsupported format. */
  skipped?: string;
}

/** Every file the paths name: a folder's supported files (recursively, sorted), a file as given. */
async function expand(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(path);
    } catch {
      throw new RunError(`--docs ${path}: no such file or folder`);
    }
    if (!info.isDirectory()) {
      out.push(path);
      continue;
    }
    const entries = (await readdir(path, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && SUPPORTED.has(extname(e.name).toLowerCase()))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    out.push(...entries);
  }
  return [...new Set(out)];
}

/** Paragraphs packed up to CHUNK_CHARS; each chunk's text is exactly text.slice(start, end). */
function packParagraphs(path: string, text: string): SourceChunk[] {
  const paragraphs = [...text.matchAll(/\S[\s\S]*?(?=\n\s*\n|$)/g)].map((m) => ({ start: m.index, end: m.index + m[0].trimEnd().length }));
  const chunks: SourceChunk[] = [];
  let current: { start: number; end: number } | undefined;
  const flush = () => {
    if (!current) return;
    const piece = text.slice(current.start, current.end);
    chunks.push({ id: sha256Hex(`${path}\n${current.start}\n${piece}`).slice(0, 16), document: path, start: current.start, end: current.end, text: piece });
    current = undefined;
  };
  for (const p of paragraphs) {
    if (current && p.end - current.start > CHUNK_CHARS) flush();
    current = current ? { start: current.start, end: p.end } : { ...p };
  }
  flush();
  return chunks;
}

export async function loadDocuments(paths: readonly string[]): Promise<{ chunks: SourceChunk[]; accounts: DocumentAccount[] }> {
  const chunks: SourceChunk[] = [];
  const accounts: DocumentAccount[] = [];
  for (const path of await expand(paths)) {
    const ext = extname(path).toLowerCase();
    if (!SUPPORTED.has(ext)) {
      accounts.push({ path, chunks: 0, skipped: `unsupported format "${ext || "(none)"}" (expected .md, .txt, .html, .pdf, .docx)` });
      continue;
    }
    if (ext !== ".md" && ext !== ".markdown" && ext !== ".txt") {
      accounts.push({ path, chunks: 0, skipped: `unreadable: no ${ext} reader yet` });
      continue;
    }
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      accounts.push({ path, chunks: 0, skipped: `unreadable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` });
      continue;
    }
    if (text.trim() === "") {
      accounts.push({ path, chunks: 0, skipped: "empty" });
      continue;
    }
    if (text.trim().length < TOO_SHORT_CHARS) {
      accounts.push({ path, chunks: 0, skipped: `too short (${text.trim().length} characters)` });
      continue;
    }
    const own = packParagraphs(path, text);
    chunks.push(...own);
    accounts.push({ path, chunks: own.length });
  }
  return { chunks, accounts };
}
