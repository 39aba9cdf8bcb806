import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { ChunkFileError, parseChunkFile } from "../documents/chunk-file";
import { DOCUMENT_EXTENSIONS, documentExtension, parseDocument } from "../documents/parse";
import { chunkDocument } from "../engine/text/chunk";
import { chunksFromTexts } from "../engine/text/own-chunks";
import type { SourceChunk } from "../engine/testset";
import { RunError } from "./errors";

/**
 * `generate --docs`: files and folders to chunks (src/documents parses, the engine chunks), and
 * an account of every document: its chunks, or why none. One bad document never stops the rest.
 * `--chunks FILE` ("use my chunks") takes the user's own chunks instead.
 */

export interface DocumentAccount {
  path: string;
  chunks: number;
  /** Why it gave no chunk: empty, too short, unreadable, a scanned PDF, an unsupported format. */
  skipped?: string;
}

const SUPPORTED = new Set<string>(DOCUMENT_EXTENSIONS);

/** Every file the paths name: a folder's document files (recursively, sorted), a file as given. */
async function expand(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    let folder: boolean;
    try {
      folder = (await stat(path)).isDirectory();
    } catch {
      throw new RunError(`--docs ${path}: no such file or folder`);
    }
    if (!folder) {
      out.push(path);
      continue;
    }
    const entries = (await readdir(path, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && SUPPORTED.has(documentExtension(e.name)))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    out.push(...entries);
  }
  return [...new Set(out)];
}

export async function loadDocuments(paths: readonly string[]): Promise<{ chunks: SourceChunk[]; accounts: DocumentAccount[] }> {
  const chunks: SourceChunk[] = [];
  const accounts: DocumentAccount[] = [];
  for (const path of await expand(paths)) {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readFile(path));
    } catch (error) {
      accounts.push({ path, chunks: 0, skipped: `unreadable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` });
      continue;
    }
    const result = await parseDocument({ path, bytes });
    if (!result.ok) {
      const why = result.skipped.message.startsWith(`${path}: `) ? result.skipped.message.slice(path.length + 2) : result.skipped.message;
      accounts.push({ path, chunks: 0, skipped: `${result.skipped.reason}: ${why}` });
      continue;
    }
    const own = chunkDocument(result.document);
    chunks.push(...own);
    accounts.push(own.length > 0 ? { path, chunks: own.length } : { path, chunks: 0, skipped: "too_short: no sentence to chunk" });
  }
  return { chunks, accounts };
}

/** "Use my chunks": each distinct text of the chunk file is a one-chunk document. */
export async function loadChunkFile(path: string): Promise<{ chunks: SourceChunk[]; accounts: DocumentAccount[] }> {
  let content: string;
  try {
    content = await readFile(path, "utf8");
  } catch (error) {
    throw new RunError(`--chunks ${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    const { chunks } = chunksFromTexts(parseChunkFile(path, content));
    return { chunks, accounts: chunks.map((c) => ({ path: c.document, chunks: 1 })) };
  } catch (error) {
    if (error instanceof ChunkFileError) throw new RunError(error.message);
    throw error;
  }
}
