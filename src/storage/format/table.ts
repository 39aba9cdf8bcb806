import { isParquet, kindFromName, sniffKind } from "./file-kind";
import { csvTable } from "./samples-csv";
import { jsonlTable, jsonTable } from "./samples-json";
import { baseName, type DataFileKind, type RawTable, SamplesFileError } from "./samples-types";
import { decodeText } from "./text-decode";

export type { RawTable } from "./samples-types";

export interface ReadTableOptions {
  /** Called with the share of the work done, from 0 to 1 (parsing dominates; decoding counts as the first 10 %). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Reads any supported file into raw rows: CSV (papaparse), JSON, JSON Lines, parquet (hyparquet,
 * imported lazily so the main bundle does not carry it). Throws SamplesFileError naming the file,
 * and the row and field where one applies, for input that cannot be read at all; problems with
 * single rows travel in `rowErrors` so the other rows can still be shown.
 */
export async function readTable(file: { name: string; bytes: Uint8Array }, opts: ReadTableOptions = {}): Promise<RawTable> {
  const name = baseName(file.name);
  const byName = kindFromName(name);
  if (byName === "parquet" || (byName === undefined && isParquet(file.bytes))) {
    const { parquetTable } = await import("./parquet");
    return parquetTable(file.bytes, name, opts);
  }
  opts.signal?.throwIfAborted();
  const { text, warnings } = decodeText(file.bytes, name);
  opts.onProgress?.(0.1);
  const table = readTableText(text, name, byName, {
    ...opts,
    ...(opts.onProgress ? { onProgress: (f: number) => opts.onProgress?.(0.1 + 0.9 * f) } : {}),
  });
  if (warnings.length > 0) table.warnings = [...warnings, ...(table.warnings ?? [])];
  opts.onProgress?.(1);
  return table;
}

/** The text formats, synchronously, once the bytes are decoded (readTable; tests build tables from text with it). */
export function readTableText(text: string, fileName: string, kind?: DataFileKind, opts: ReadTableOptions = {}): RawTable {
  const file = baseName(fileName);
  const chosen = kind ?? kindFromName(file) ?? sniffKind(text);
  if (chosen === "parquet") throw new SamplesFileError([{ file, message: "parquet is a binary format: it is read from bytes (readTable), not from text" }]);
  if (chosen === "json") return jsonTable(text, file);
  if (chosen === "jsonl") return jsonlTable(text, file);
  const tab = /\.tsv$/i.test(file) ? { delimiter: "\t" } : {};
  return csvTable(text, file, { ...tab, ...opts });
}
