/** Which parser a dataset file needs: by its extension, else by a look at its first characters. */

export type DataFileKind = "json" | "jsonl" | "csv";

export function kindFromName(fileName: string): DataFileKind | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (ext === "json") return "json";
  if (ext === "jsonl" || ext === "ndjson") return "jsonl";
  if (ext === "csv") return "csv";
  return undefined;
}

/**
 * "[" is a JSON array; "{" is one JSON document when the whole text parses, else JSON Lines
 * (one object per line); anything else is taken for CSV, whose header row starts with a name.
 */
export function sniffKind(text: string): DataFileKind {
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
