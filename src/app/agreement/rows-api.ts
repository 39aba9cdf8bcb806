import { type AgreementData, agreementRowsFromTable } from "../../storage/format/agreement-data";
import { fetchHubRows, HUB_ROWS_API, type HubSource } from "../shared/hub/rows-api";

/**
 * The agreement data from the Hugging Face dataset viewer's rows API (shared/hub/rows-api.ts
 * pages through it); the rows then go through the same reader as a file.
 */

export const ROWS_API_DEFAULTS = {
  baseURL: HUB_ROWS_API,
  dataset: "explodinggradients/WikiEval",
  config: "default",
  split: "train",
} as const;

export type RowsApiSource = HubSource;

export async function loadRowsApi(
  source: RowsApiSource,
  opts: { signal?: AbortSignal; fetch?: typeof fetch; onProgress?: (loaded: number, total: number) => void } = {},
): Promise<AgreementData> {
  const { rows, where } = await fetchHubRows(source, opts);
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return agreementRowsFromTable({ file: where, kind: "json", columns, rows });
}
