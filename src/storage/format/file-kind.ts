import type { DataFileKind } from "./samples-types";

/** Which reader a dataset file needs: by its extension, else by a look at its first bytes or characters. */

export type { DataFileKind } from "./samples-types";

export function kindFromName(fileName: string): DataFileKind | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (ext === "json") return "json";
  if (ext === "jsonl" || ext === "ndjson") return "jsonl";
  if (ext === "csv" || ext === "tsv") return "csv";
  if (ext === "parquet" || ext === "pq") return "parquet";
  return undefined;
}

/** Parquet files start with the magic "PAR1". */
export function isParquet(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x41 && bytes[2] === 0x52 && bytes[3] === 0x31;
}

/**
 * "[" is a JSON array; "{" is one JSON document when the whole text parses, else JSON Lines
 * (one object per line); anything else is taken for CSV, whose header row starts with a name.
 */
export function sniffKind(text: string): Exclude<DataFileKind, "parquet"> {
  const body = text.replace(/^\uFEFF/, "").trimStart();
  if (body.startsWith("[")) return "json";
  if (body.startsWith("{")) {
    try {
      JSON.parse(body);
      return "json";
    } catch {
      return "jsonl";
    }
  }
  return "csv";
}

export function detectKind(fileName: string, text: string): DataFileKind {
  return kindFromName(fileName) ?? sniffKind(text);
}
