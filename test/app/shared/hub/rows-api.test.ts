import { describe, expect, it } from "vitest";
import { fetchHubRows, HUB_ROWS_API } from "../../../../src/app/shared/hub/rows-api";

/**
 * The Datasets view's "Import from Hugging Face" pages through the rows API with fetchHubRows.
 * Issue 19's row range over two pages (120 rows from row 20 of 250) is proven here; the browser
 * test (test/e2e/hub-import.test.ts) imports a one-page range through the real page.
 */
const TOTAL = 250;

function rowsPage(offset: number, length: number) {
  const rows = [];
  for (let i = offset; i < Math.min(TOTAL, offset + length); i++) {
    rows.push({ row_idx: i, row: { user_input: `问题 ${i}?`, response: `It is ${i} metres tall.` }, truncated_cells: [] });
  }
  return { features: [], rows, num_rows_total: TOTAL, num_rows_per_page: 100, partial: false };
}

/** A stand-in for the rows API that logs each request as "path?dataset/split@offset+length". */
function fakeRowsApi() {
  const seen: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    seen.push(
      `${url.pathname}?${url.searchParams.get("dataset")}/${url.searchParams.get("split")}@${url.searchParams.get("offset")}+${url.searchParams.get("length")}`,
    );
    init?.signal?.throwIfAborted();
    return new Response(JSON.stringify(rowsPage(Number(url.searchParams.get("offset")), Number(url.searchParams.get("length")))), {
      headers: { "content-type": "application/json" },
    });
  }) as typeof globalThis.fetch;
  return { seen, fetch };
}

const source = { baseURL: HUB_ROWS_API, dataset: "someone/towers", config: "default", split: "test" };

describe("fetchHubRows", () => {
  it("fetches a row range over two pages (120 rows from row 20), with progress after each page", async () => {
    const api = fakeRowsApi();
    const progress: string[] = [];
    const got = await fetchHubRows(source, { offset: 20, limit: 120, fetch: api.fetch, onProgress: (n, of) => progress.push(`${n}/${of}`) });
    expect(api.seen).toEqual(["/rows?someone/towers/test@20+100", "/rows?someone/towers/test@120+20"]);
    expect(progress).toEqual(["100/120", "120/120"]);
    expect(got.total).toBe(TOTAL);
    expect(got.rows).toHaveLength(120);
    expect(got.rows[0]).toEqual({ id: "20", user_input: "问题 20?", response: "It is 20 metres tall." });
    expect(got.rows.at(-1)!.id).toBe("139");
    expect(got.where).toBe("someone/towers (default/test)");
  });

  it("stops at the end of the split", async () => {
    const api = fakeRowsApi();
    const got = await fetchHubRows(source, { offset: 200, limit: 120, fetch: api.fetch });
    expect(api.seen).toEqual(["/rows?someone/towers/test@200+100"]);
    expect(got.rows).toHaveLength(50);
  });

  it("an aborted signal (Cancel) makes the request in flight fail and the fetch reject, with no rows", async () => {
    const api = fakeRowsApi();
    const controller = new AbortController();
    const progress: number[] = [];
    const fetching = fetchHubRows(source, {
      limit: 120,
      fetch: api.fetch,
      signal: controller.signal,
      onProgress: (n) => {
        progress.push(n);
        controller.abort();
      },
    });
    await expect(fetching).rejects.toThrow(/abort/i);
    expect(api.seen).toEqual(["/rows?someone/towers/test@0+100", "/rows?someone/towers/test@100+20"]);
    expect(progress).toEqual([100]);
  });
});
