import Papa from "papaparse";
import { z } from "zod";
import type { OwnChunk } from "../engine/text/own-chunks";
import { documentExtension } from "./parse";

/**
 * A chunk file for "use my chunks": the chunks a user's own pipeline made, one per row, so the test
 * set's reference contexts are chunks their retriever can return. JSONL or JSON (a list of strings, or
 * of objects with the text under `text`, `content`, `page_content` or `chunk`, and optionally the
 * document it came from under `document` or `source`), or CSV with a header holding one of those names.
 * A row with no text is an error naming the file, row and field; nothing is taken from a bad file.
 */
const TEXT_KEYS = ["text", "content", "page_content", "chunk"] as const;
const DOC_KEYS = ["document", "source", "path"] as const;

const objectRowSchema = z.record(z.string(), z.unknown()).transform((row, ctx) => {
  const text = TEXT_KEYS.map((k) => row[k]).find((v) => typeof v === "string");
  if (text === undefined) {
    ctx.addIssue({ code: "custom", message: `no text: expected a string under one of ${TEXT_KEYS.join(", ")}` });
    return z.NEVER;
  }
  const source = DOC_KEYS.map((k) => row[k]).find((v) => typeof v === "string" && v !== "");
  return { text, document: typeof source === "string" ? source : undefined };
});

export class ChunkFileError extends Error {
  override name = "ChunkFileError";
}

export function parseChunkFile(path: string, content: string): OwnChunk[] {
  const ext = documentExtension(path);
  const rows = ext === "csv" ? csvRows(path, content) : ext === "json" ? jsonArray(path, content) : ext === "jsonl" ? jsonLines(path, content) : null;
  if (rows === null) throw new ChunkFileError(`${path}: a chunk file is .jsonl, .json or .csv, not .${ext}`);
  return rows.map((raw, index) => {
    if (typeof raw === "string") return { document: `${path}#${index + 1}`, text: raw };
    const parsed = objectRowSchema.safeParse(raw);
    if (!parsed.success) throw new ChunkFileError(`${path}, row ${index + 1}, field text: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    const row = parsed.data;
    return { document: row.document ?? `${path}#${index + 1}`, text: row.text };
  });
}

function jsonLines(path: string, content: string): unknown[] {
  return content.split(/\r?\n/).flatMap((line, index) => {
    if (line.trim() === "") return [];
    try {
      return [JSON.parse(line)];
    } catch {
      throw new ChunkFileError(`${path}, row ${index + 1}: not JSON`);
    }
  });
}

function jsonArray(path: string, content: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    throw new ChunkFileError(`${path}: not JSON`);
  }
  if (!Array.isArray(value)) throw new ChunkFileError(`${path}: expected a JSON list of chunks`);
  return value;
}

function csvRows(path: string, content: string): unknown[] {
  const parsed = Papa.parse<Record<string, string>>(content, { header: true, skipEmptyLines: true });
  const fields = parsed.meta.fields ?? [];
  if (!fields.some((f) => (TEXT_KEYS as readonly string[]).includes(f))) throw new ChunkFileError(`${path}: no column named ${TEXT_KEYS.join(", ")}`);
  return parsed.data;
}
