import { describe, expect, it } from "vitest";
import { guessMapping } from "../../../src/storage/format/columns";
import { parseListCell } from "../../../src/storage/format/list-cell";
import { tableToSamples } from "../../../src/storage/format/mapping";
import { readTable } from "../../../src/storage/format/table";
import { bigRagasCsv } from "./big-csv";

/**
 * How fast the readers are on large input (`npm run measure:runs`), kept out of `npm test`, where a
 * busy machine would fail a wall-time bound for no fault of the code. What they read is asserted in
 * list-cell.test.ts and broken-corpus.test.ts.
 */
describe("reader speed", () => {
  it("8 MB of long escaped list cells parse in under 0.5 s", () => {
    const long = `'${"x".repeat(200_000)}\\n${"y".repeat(200_000)}'`;
    const started = performance.now();
    const out = parseListCell(`[${Array.from({ length: 20 }, () => long).join(", ")}]`);
    const ms = performance.now() - started;
    console.log(`[parse-speed] 20 list items of 400,001 characters: ${ms.toFixed(0)} ms`);
    expect(out.ok && out.items.length).toBe(20);
    expect(ms).toBeLessThan(500);
  });

  it("a 50 MB ragas CSV with one bad row is read and validated in well under 10 s", async () => {
    const file = bigRagasCsv({ bytes: 50 * 1024 * 1024, badRow: 30_000 });
    const started = performance.now();
    const table = await readTable({ name: "big.csv", bytes: file.bytes });
    const parsed = tableToSamples(table, guessMapping(table.columns));
    const ms = performance.now() - started;
    console.log(`[parse-speed] 50 MB CSV, ${file.rows} rows: ${ms.toFixed(0)} ms`);
    expect(parsed.errors).toHaveLength(1);
    expect(ms).toBeLessThan(10_000);
  });
});
