import { z } from "zod";
import { type AgreementData, agreementRowsFromTable } from "../../storage/format/agreement-data";

/**
 * Reads a dataset from the Hugging Face dataset viewer's rows API
 * (GET {base}/rows?dataset=&config=&split=&offset=&length=, at most 100 rows a page), whose reply
 * is { features, rows: [{ row_idx, row: {...}, truncated_cells }], num_rows_total, ... }.
 * Every page is parsed before use; the rows then go through the same reader as a file.
 */

export const ROWS_API_DEFAULTS = {
  baseURL: "https://datasets-server.huggingface.co",
  dataset: "explodinggradients/WikiEval",
  config: "default",
  split: "train",
} as const;

export type RowsApiSource = { baseURL: string; dataset: string; config: string; split: string };

const PAGE = 100;
/** A runaway total (or a server that never stops) must not turn into endless requests. */
const MAX_ROWS = 10_000;

const pageSchema = z.object({
  rows: z.array(z.object({ row_idx: z.number().int(), row: z.record(z.string(), z.unknown()), truncated_cells: z.array(z.string()).optional() })),
  num_rows_total: z.number().int().nonnegative(),
});

export async function loadRowsApi(
  source: RowsApiSource,
  opts: { signal?: AbortSignal; fetch?: typeof fetch; onProgress?: (loaded: number, total: number) => void } = {},
): Promise<AgreementData> {
  const get = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const base = source.baseURL.replace(/\/+$/, "");
  const where = `${source.dataset} (${source.config}/${source.split})`;
  const rows: Record<string, unknown>[] = [];
  const truncated = new Set<string>();
  let total = Number.POSITIVE_INFINITY;
  while (rows.length < Math.min(total, MAX_ROWS)) {
    const query = new URLSearchParams({
      dataset: source.dataset,
      config: source.config,
      split: source.split,
      offset: String(rows.length),
      length: String(PAGE),
    });
    const url = `${base}/rows?${query}`;
    let response: Response;
    try {
      response = await get(url, { signal: opts.signal ?? null, headers: { accept: "application/json" } });
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      throw new Error(`${base} could not be reached (network, CORS or wrong URL): ${(error as Error).message}`);
    }
    if (!response.ok) {
      const detail = await response.text().catch(() => "");
      throw new Error(`${where}: the rows API answered ${response.status}${detail ? `: ${detail.slice(0, 200)}` : ""}`);
    }
    const parsed = pageSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new Error(`${where}: unexpected reply at offset ${rows.length}: ${first?.path.join(".") || "(body)"} ${first?.message ?? ""}`.trim());
    }
    total = parsed.data.num_rows_total;
    if (parsed.data.rows.length === 0) break;
    for (const r of parsed.data.rows) {
      rows.push({ id: String(r.row_idx), ...r.row });
      for (const cell of r.truncated_cells ?? []) truncated.add(cell);
    }
    opts.onProgress?.(rows.length, total);
  }
  if (truncated.size > 0) throw new Error(`${where}: the rows API cut cells of ${[...truncated].join(", ")}; load the dataset's parquet file instead`);
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return agreementRowsFromTable({ file: where, kind: "json", columns, rows });
}
