import { z } from "zod";

/**
 * Pages through the Hugging Face dataset viewer's rows API
 * (GET {base}/rows?dataset=&config=&split=&offset=&length=, at most 100 rows a page), whose reply
 * is { features, rows: [{ row_idx, row: {...}, truncated_cells }], num_rows_total, ... }.
 * Every page is parsed before use. Shared by the Datasets view's "Import from Hugging Face" and
 * the agreement view's loader; each passes the rows on to its own reader.
 */

export const HUB_ROWS_API = "https://datasets-server.huggingface.co";

export interface HubSource {
  baseURL: string;
  dataset: string;
  config: string;
  split: string;
}

export interface HubRows {
  /** Each row's cells, with `id` set to its row index in the split (unless the row has its own). */
  rows: Record<string, unknown>[];
  /** Rows in the whole split, as the server counts them. */
  total: number;
  /** "owner/name (config/split)", for messages and as the import's name. */
  where: string;
}

const PAGE = 100;
/** A runaway total (or a server that never stops) must not turn into endless requests. */
export const MAX_HUB_ROWS = 10_000;

const pageSchema = z.object({
  rows: z.array(z.object({ row_idx: z.number().int(), row: z.record(z.string(), z.unknown()), truncated_cells: z.array(z.string()).optional() })),
  num_rows_total: z.number().int().nonnegative(),
});

export async function fetchHubRows(
  source: HubSource,
  opts: { offset?: number; limit?: number; signal?: AbortSignal; fetch?: typeof fetch; onProgress?: (loaded: number, wanted: number) => void } = {},
): Promise<HubRows> {
  const get = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const base = source.baseURL.replace(/\/+$/, "");
  const where = `${source.dataset} (${source.config}/${source.split})`;
  const start = Math.max(0, opts.offset ?? 0);
  const limit = Math.min(opts.limit ?? MAX_HUB_ROWS, MAX_HUB_ROWS);
  const rows: Record<string, unknown>[] = [];
  const truncated = new Set<string>();
  let total = Number.POSITIVE_INFINITY;
  while (rows.length < Math.min(limit, total - start)) {
    const query = new URLSearchParams({
      dataset: source.dataset,
      config: source.config,
      split: source.split,
      offset: String(start + rows.length),
      length: String(Math.min(PAGE, limit - rows.length)),
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
      throw new Error(`${where}: unexpected reply at offset ${start + rows.length}: ${first?.path.join(".") || "(body)"} ${first?.message ?? ""}`.trim());
    }
    total = parsed.data.num_rows_total;
    if (parsed.data.rows.length === 0) break;
    for (const r of parsed.data.rows) {
      rows.push({ id: String(r.row_idx), ...r.row });
      for (const cell of r.truncated_cells ?? []) truncated.add(cell);
    }
    opts.onProgress?.(rows.length, Math.min(limit, total - start));
  }
  if (truncated.size > 0) throw new Error(`${where}: the rows API cut cells of ${[...truncated].join(", ")}; load the dataset's parquet file instead`);
  return { rows, total, where };
}
