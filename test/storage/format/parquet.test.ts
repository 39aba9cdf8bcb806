import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parquetTable, plainCell } from "../../../src/storage/format/parquet";

const FIXTURES = new URL("../../fixtures/datasets/", import.meta.url);

describe("parquet cells as plain JSON", () => {
  it("reads an HF-datasets-style int64 id as a number, so the table survives JSON (the browser preview crashed on a bigint)", async () => {
    const table = await parquetTable(new Uint8Array(readFileSync(new URL("hf-datasets-style.parquet", FIXTURES))), "hf.parquet");
    expect(table.rows.map((r) => r.id)).toEqual([1000, 1001, 1002, 1003]);
    expect(() => JSON.stringify(table.rows)).not.toThrow();
  });

  it("keeps a bigint beyond 2^53 exact as text, and walks arrays and objects", () => {
    expect(plainCell(9_007_199_254_740_993n)).toBe("9007199254740993");
    expect(plainCell(-42n)).toBe(-42);
    expect(plainCell([1n, { a: 2n, b: ["x", 3n] }])).toEqual([1, { a: 2, b: ["x", 3] }]);
    const date = new Date(0);
    expect(plainCell(date)).toBe(date);
  });
});
