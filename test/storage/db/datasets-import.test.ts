import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listDatasets, loadDatasetSamples, storeImportResult } from "../../../src/storage/db/datasets";
import { guessMapping } from "../../../src/storage/format/columns";
import { tableToSamples } from "../../../src/storage/format/mapping";
import { type SamplesFile, SamplesFileError } from "../../../src/storage/format/samples-types";
import { readTable } from "../../../src/storage/format/table";
import type { AppDb } from "../../../src/storage/db";
import { createDataset } from "../../../src/storage/db/datasets";
import { BROKEN, fixtureBytes } from "../format/dataset-fixtures";
import { freshDb } from "./helpers";

/** The browser's import path without the worker: read, map as guessed, store unless there are errors. */
async function importFile(db: AppDb, name: string, validOnly = false): Promise<unknown> {
  let result: SamplesFile;
  try {
    const table = await readTable(fixtureBytes(BROKEN, name));
    result = tableToSamples(table, guessMapping(table.columns));
  } catch (error) {
    if (error instanceof SamplesFileError) return error;
    throw error;
  }
  return storeImportResult(db, { name, source: { file: name, kind: result.kind }, result, validOnly }).catch((error: unknown) => error);
}

async function snapshot(db: AppDb): Promise<unknown> {
  return { datasets: await db.getAll("datasets"), rows: await db.getAll("datasetRows") };
}

const corpus = readdirSync(BROKEN).sort();

describe("importing the broken-input corpus", () => {
  it("has the corpus", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(15);
  });

  for (const name of corpus) {
    it(`${name}: refused with the file named, and the database unchanged`, async () => {
      const db = await freshDb();
      await createDataset(db, {
        name: "already there",
        source: { file: "a.csv", kind: "csv" },
        samples: [{ id: "x", question: "q", answer: "a", contexts: ["c"] }],
      });
      const before = await snapshot(db);
      const outcome = await importFile(db, name);
      expect(outcome).toBeInstanceOf(SamplesFileError);
      expect((outcome as SamplesFileError).message.startsWith(name)).toBe(true);
      expect(await snapshot(db)).toEqual(before);
    });
  }

  it("with 'Import valid rows only' stores just the valid rows and says how many were left out", async () => {
    const db = await freshDb();
    const outcome = (await importFile(db, "duplicate-ids.csv", true)) as Awaited<ReturnType<typeof storeImportResult>>;
    expect(outcome.leftOut).toBe(1);
    expect((await loadDatasetSamples(db, outcome.dataset.id)).samples.map((s) => s.id)).toEqual(["a", "b"]);
    expect((await listDatasets(db)).datasets.map((d) => d.rowCount)).toEqual([2]);
  });

  it("a file with nothing valid stores nothing even when only valid rows are asked for", async () => {
    const db = await freshDb();
    const outcome = await importFile(db, "missing-columns.csv", true);
    expect(String(outcome)).toContain("there are no valid rows to store");
    expect(await db.count("datasetRows")).toBe(0);
    expect(await db.count("datasets")).toBe(0);
  });
});
