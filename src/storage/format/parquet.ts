import { parquetMetadata, parquetReadObjects, parquetSchema } from "hyparquet";
import { type RawTable, SamplesFileError } from "./samples-types";

/**
 * Parquet through hyparquet (pure JS). This module is only ever loaded with a dynamic import from
 * table.ts, so the reader stays out of the main bundle until someone opens a parquet file.
 * List columns (pandas object columns of lists, HF datasets' list<string>) come back as arrays.
 * int64 columns come back as bigint, which JSON, IndexedDB's readers and every text view choke on:
 * cells are made plain JSON values here (see plainCell). Read one row group at a time so large
 * files report progress.
 */
export async function parquetTable(
  bytes: Uint8Array,
  file: string,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<RawTable> {
  // hyparquet wants an ArrayBuffer of the file alone; a Node Buffer is often a view into a shared pool.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const buffer = whole ? (bytes.buffer as ArrayBuffer) : (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  let metadata: ReturnType<typeof parquetMetadata>;
  try {
    metadata = parquetMetadata(buffer);
  } catch (error) {
    throw new SamplesFileError([{ file, message: explainMetadataError(error, bytes.length) }]);
  }
  // pandas stores a non-default index as __index_level_0__: it is not data.
  const columns = parquetSchema(metadata)
    .children.map((child) => child.element.name)
    .filter((name) => !/^__index_level_\d+__$/.test(name));
  const rows: Record<string, unknown>[] = [];
  const total = Number(metadata.num_rows);
  let rowStart = 0;
  for (const group of metadata.row_groups) {
    opts.signal?.throwIfAborted();
    const rowEnd = rowStart + Number(group.num_rows);
    try {
      const objects = await parquetReadObjects({ file: buffer, metadata, columns, rowStart, rowEnd });
      for (const row of objects) rows.push(plainCell(row) as Record<string, unknown>);
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      const codec = /unsupported compression codec: (\w+)/.exec(message)?.[1];
      const why = codec
        ? `it is compressed with ${codec}, which this reader cannot decompress: write it with compression="snappy" (the pandas and pyarrow default) or none`
        : `rows ${rowStart + 1} to ${rowEnd} cannot be read (${message}); the file may be damaged`;
      throw new SamplesFileError([{ file, row: rowStart + 1, message: why }]);
    }
    rowStart = rowEnd;
    opts.onProgress?.(total > 0 ? rowStart / total : 1);
  }
  return { file, kind: "parquet", columns, rows };
}

function explainMetadataError(error: unknown, size: number): string {
  const message = (error as Error).message ?? String(error);
  if (/too short|footer|PAR1|metadata length|out of bounds|outside the bounds/i.test(message)) {
    return `the parquet file is cut short or damaged (${size.toLocaleString("en-US")} bytes, and its footer is missing or broken): copy or download it again`;
  }
  return `not a readable parquet file (${message})`;
}

/**
 * A cell as plain JSON: a bigint becomes a number when it is exact as one (an id such as 1000),
 * else its decimal text; arrays and objects are walked. Dates, strings and the rest pass as they are.
 */
export function plainCell(value: unknown): unknown {
  if (typeof value === "bigint") return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
  if (Array.isArray(value)) return value.map(plainCell);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainCell(v)]));
  }
  return value;
}
