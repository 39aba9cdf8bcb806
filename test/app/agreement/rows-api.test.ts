import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRowsApi, ROWS_API_DEFAULTS } from "../../../src/app/agreement/rows-api";
import { fixturePath } from "../../fixture-path";

/** A local server speaking the dataset viewer's /rows format, 4 rows a page whatever length asks. */
const rows = readFileSync(fixturePath("wikieval", "WikiEval_samples_10.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const requests: URL[] = [];
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(url);
    if (url.pathname !== "/rows" || url.searchParams.get("dataset") !== "explodinggradients/WikiEval") {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "The dataset does not exist." }));
      return;
    }
    const offset = Number(url.searchParams.get("offset"));
    const length = Math.min(Number(url.searchParams.get("length")), 100, 4);
    const page = rows.slice(offset, offset + length).map((row, i) => ({ row_idx: offset + i, row, truncated_cells: [] }));
    const body = {
      features: [{ feature_idx: 0, name: "question", type: { dtype: "string", _type: "Value" } }],
      rows: page,
      num_rows_total: rows.length,
      num_rows_per_page: 100,
      partial: false,
    };
    res.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("loadRowsApi", () => {
  it("pages through the rows API and reads WikiEval rows like a file", async () => {
    requests.length = 0;
    const progress: number[] = [];
    const data = await loadRowsApi({ ...ROWS_API_DEFAULTS, baseURL: `${base}/` }, { onProgress: (n) => progress.push(n) });
    expect(data.rows).toHaveLength(10);
    expect(requests.map((u) => u.searchParams.get("offset"))).toEqual(["0", "4", "8"]);
    expect(
      requests.every((u) => u.searchParams.get("length") === "100" && u.searchParams.get("config") === "default" && u.searchParams.get("split") === "train"),
    ).toBe(true);
    expect(progress).toEqual([4, 8, 10]);
    expect(data.rows[0]!.id).toBe("0");
    expect(data.rows[0]!.question.startsWith("When is the scheduled launch")).toBe(true);
    expect(data.rows[9]!.source).toBe("Fiat Ecobasic");
  });

  it("says what the server answered for an unknown dataset", async () => {
    await expect(loadRowsApi({ ...ROWS_API_DEFAULTS, baseURL: base, dataset: "nobody/nothing" })).rejects.toThrow(
      /nobody\/nothing \(default\/train\): the rows API answered 404/,
    );
  });

  it("refuses a reply that is not the rows format", async () => {
    const fake = (async () => new Response(JSON.stringify({ rows: "nope" }), { status: 200 })) as typeof fetch;
    await expect(loadRowsApi({ ...ROWS_API_DEFAULTS, baseURL: base }, { fetch: fake })).rejects.toThrow(/unexpected reply at offset 0: rows/);
  });
});
