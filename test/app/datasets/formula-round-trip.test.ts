import "fake-indexeddb/auto";
import { describe, expect, test } from "vitest";
import { datasetToCsv } from "../../../src/app/datasets/export";
import { mapsByName, storableAsIs } from "../../../src/app/datasets/import/by-name";
import { guessMapping } from "../../../src/app/datasets/import/format-api";
import type { FromWorker } from "../../../src/app/datasets/import/protocol";
import { createImportSession } from "../../../src/app/datasets/import/session";
import { appDb } from "../../../src/app/shared/persist/db";
import type { Sample } from "../../../src/engine";
import { createDataset, loadDatasetSamples } from "../../../src/storage/db/datasets";

/**
 * Issue 17, what it must show 5: a dataset with formula cells survives its own CSV export. The file
 * goes through what the Datasets view does with a picked file (the import worker's session, the
 * by-name check, storing), the export is the one "Export dataset CSV" saves, and its CSV comes
 * back through the same import. (The download button and the file picker are shown in the browser
 * by test/e2e/datasets.test.ts.)
 */

const rows: Sample[] = [
  {
    id: "=1+1",
    question: '=HYPERLINK("http://evil.example","click me")',
    answer: "+33 6 12 34 56 78",
    contexts: ["@SUM(A1:A9)", "-starts with a dash"],
    reference: "'=already quoted",
  },
  { id: "plain", question: "Is a = b fine in the middle?", answer: "Yes, it is.", contexts: ["\tTabbed context."], reference: "Yes." },
];
const jsonl = `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`;

/** A picked file as the import worker reads it, mapped by its column names and stored. */
async function importFile(name: string, text: string): Promise<string> {
  const posted: FromWorker[] = [];
  const handle = createImportSession((m) => posted.push(m));
  await handle({ type: "read", name, bytes: new TextEncoder().encode(text) });
  const table = posted.find((m) => m.type === "table")!.table;
  const mapping = guessMapping(table.columns);
  // Our own column names: stored without the mapping step (issue 19).
  expect(mapsByName(table.columns, mapping)).toBe(true);
  await handle({ type: "map", requestId: 1, mapping });
  const mapped = posted.find((m) => m.type === "mapped")!.result;
  expect(storableAsIs(mapped)).toBe(true);
  expect(mapped.samples).toHaveLength(2);
  const db = (await appDb())!;
  const stored = await createDataset(db, { name: name.replace(/\.\w+$/, ""), source: { file: name, kind: mapped.kind }, samples: mapped.samples });
  return stored.id;
}

describe("formula cells in a dataset", () => {
  test("exported to CSV are guarded, and the CSV imported again gives the same rows", async () => {
    const db = (await appDb())!;
    const first = await importFile("formulas.jsonl", jsonl);
    const { samples } = await loadDatasetSamples(db, first);
    expect(samples).toEqual(rows);

    const csv = datasetToCsv(samples);
    expect(csv).toContain(`"'\u2060=HYPERLINK(""http://evil.example"",""click me"")"`);
    expect(csv).not.toMatch(/(^|,)"?[=+@]/m);

    const back = await importFile("formulas-back.csv", csv);
    expect((await loadDatasetSamples(db, back)).samples).toEqual(samples);
  });
});
