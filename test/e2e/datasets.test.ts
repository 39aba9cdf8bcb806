import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { button, field, requestOrigins, tab } from "./browser";
import { useE2E } from "./context";
import { datasetCsv } from "./datasets-fixture";

const e2e = useE2E();

const bodyRows = (page: Page) => page.locator('table[aria-label="Dataset rows"] tbody tr');
const status = (page: Page) => page.getByLabel("Datasets status", { exact: true });

async function openDatasets(page: Page): Promise<void> {
  await tab(page, "Datasets").click();
  await page.getByLabel("Import dataset", { exact: true }).waitFor({ state: "attached" });
}

test("imports a 200-row CSV through Import dataset, previews it as parsed, edits a row and finds it after a reload (no API key)", async () => {
  const session = await e2e.open();
  const { page } = session;
  await openDatasets(page);
  await page.getByLabel("Import dataset", { exact: true }).setInputFiles({ name: "eval-200.csv", mimeType: "text/csv", buffer: Buffer.from(datasetCsv(200)) });

  // Every column has a ragas name and every row is valid: stored at once, no mapping step (issue 19).
  const mapping = page.getByRole("region", { name: "Column mapping" });
  await expect.poll(() => status(page).innerText(), { timeout: 20_000 }).toBe("Imported “eval-200”: 200 rows.");
  const byName = page.getByRole("group", { name: "Imported by column names" });
  expect(await byName.innerText()).toContain("id → Id, user_input → Question, response → Answer, retrieved_contexts → Contexts, reference → Reference");
  expect(await mapping.count()).toBe(0);

  // The preview stays one click away: the mapping step as it would have been, the names mapped on their own.
  await byName.getByRole("button", { name: "Show preview and mapping" }).click();
  await mapping.waitFor();
  expect(await mapping.innerText()).toContain("“eval-200” was imported by its column names; importing from here replaces it.");
  expect(await mapping.getByRole("heading").first().innerText()).toBe("Map the columns of eval-200.csv (200 rows)");
  expect(await page.getByLabel("Column for question", { exact: true }).inputValue()).toBe("user_input");
  expect(await page.getByLabel("Column for contexts", { exact: true }).inputValue()).toBe("retrieved_contexts");
  expect(await page.getByLabel("Column for id", { exact: true }).inputValue()).toBe("id");
  const firstPreview = page.locator('table[aria-label="Preview"] tbody tr').first();
  expect(await firstPreview.locator("td").first().innerText()).toBe("1");
  expect(await firstPreview.getByTestId("contexts-as").innerText()).toBe("2 contexts · JSON list");
  expect(await firstPreview.locator("li").allInnerTexts()).toEqual([
    "Context 1a: the tower in city 1 is 1 m tall.",
    'Context 1b, with "quotes", commas and 中文 1.',
  ]);
  await expect.poll(() => mapping.innerText()).toContain("All 200 rows are valid.");
  await mapping.getByRole("button", { name: "Import", exact: true }).click();

  // Importing from the reopened step replaced the first import: one eval-200, not two.
  await expect.poll(() => mapping.count()).toBe(0);
  await expect
    .poll(() =>
      page
        .getByRole("navigation", { name: "Stored datasets" })
        .getByRole("button", { name: /^eval-200 / })
        .count(),
    )
    .toBe(1);
  expect(await byName.count()).toBe(0);

  // The table: 200 rows stored, far fewer in the DOM.
  await expect.poll(() => status(page).innerText()).toBe("Imported “eval-200”: 200 rows.");
  await bodyRows(page).first().waitFor();
  const domRows = await bodyRows(page).count();
  expect(domRows).toBeGreaterThan(5);
  expect(domRows).toBeLessThan(40);
  expect(await page.getByRole("navigation", { name: "Stored datasets" }).innerText()).toContain("200 rows");

  // Search (Chinese and a number), open the row, edit its answer, save.
  await field(page, "Search rows").fill("问题 150");
  await expect.poll(() => bodyRows(page).count()).toBe(1);
  await button(page, "Edit row 150").click();
  expect(await field(page, "Question").inputValue()).toBe("问题 150: how tall is the tower in city 150?");
  expect(await field(page, "Context 2").inputValue()).toBe('Context 150b, with "quotes", commas and 中文 150.');
  await field(page, "Answer").fill("Edited: one hundred and fifty metres.");
  await button(page, "Save row").click();
  await expect.poll(() => status(page).innerText()).toBe("Row 150 saved.");

  // Add a row, then delete row 1.
  await field(page, "Search rows").fill("");
  await button(page, "Add row").click();
  await field(page, "Question").fill("新的问题？");
  await field(page, "Answer").fill("A new answer.");
  await field(page, "Context 1").fill("A new context.");
  await button(page, "Save row").click();
  await expect.poll(() => status(page).innerText()).toBe("Row added.");
  await button(page, "Edit row 1").click();
  await button(page, "Delete row").click();
  await expect.poll(() => status(page).innerText()).toBe("Row 1 deleted.");

  // Export: pandas-readable CSV, contexts as a JSON list cell.
  const [download] = await Promise.all([page.waitForEvent("download"), button(page, "Export dataset CSV").click()]);
  expect(download.suggestedFilename()).toBe("eval-200.csv");
  const csv = await readFile(await download.path(), "utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe("id,question,answer,contexts,reference");
  expect(lines[1]).toBe(
    'q2,问题 2: how tall is the tower in city 2?,Answer 2: it is 2 metres tall.,"[""Context 2a: the tower in city 2 is 2 m tall."",""Context 2b, with \\""quotes\\"", commas and 中文 2.""]",Reference 2.',
  );
  expect(lines.filter(Boolean)).toHaveLength(201);

  // After a reload the dataset, the edit and the added row are still there.
  // The URL keeps the Datasets view (issue 17): the reload lands there, not on the playground.
  await page.reload();
  await openDatasets(page);
  await page
    .getByRole("navigation", { name: "Stored datasets" })
    .getByRole("button", { name: /^eval-200 / })
    .click();
  await bodyRows(page).first().waitFor();
  await field(page, "Search rows").fill("问题 150");
  await expect.poll(() => bodyRows(page).count()).toBe(1);
  await button(page, "Edit row 149").click();
  expect(await field(page, "Answer").inputValue()).toBe("Edited: one hundred and fifty metres.");
  await field(page, "Search rows").fill("新的问题");
  await expect.poll(() => bodyRows(page).count()).toBe(1);
  expect(await page.getByRole("navigation", { name: "Stored datasets" }).innerText()).toContain("200 rows");
  // No key was ever set, and nothing but the app itself was asked for anything.
  expect(requestOrigins(session)).toEqual([new URL(e2e.appUrl).origin]);
});

test("paste, drag-and-drop and the file picker read pandas- and pyarrow-written files (Python list literals, numpy-style arrays, parquet) into the right context lists", async () => {
  const { page } = await e2e.open();
  await openDatasets(page);
  const mapping = page.getByRole("region", { name: "Column mapping" });

  const jsonl = [1, 2, 3].map((i) => JSON.stringify({ question: `Q${i}?`, answer: `A${i}.`, contexts: [`C${i}`] })).join("\n");
  await field(page, "Paste dataset").fill(jsonl);
  await button(page, "Import pasted text").click();
  await expect.poll(() => status(page).innerText()).toBe("Imported “pasted”: 3 rows.");

  const dropped = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], "dropped.csv", { type: "text/csv" }));
    return transfer;
  }, "question,answer,contexts\nWhere?,Here.,Only one context\n");
  await page.dispatchEvent('[data-testid="dataset-drop"]', "drop", { dataTransfer: dropped });
  await expect.poll(() => status(page).innerText()).toBe("Imported “dropped”: 1 row.");
  await button(page, "Show preview and mapping").click();
  expect(await mapping.getByTestId("contexts-as").innerText()).toBe("1 context · single string");
  await button(page, "Cancel import").click();

  const csv = [
    ",user_input,retrieved_contexts,response,reference",
    '0,Where is it?,"[\'The tower is in Paris.\', ""It\'s 330 m tall.""]",In Paris.,Paris',
    "1,它在哪里？,\"['第一段' '第二段'\n '第三段']\",在巴黎。,巴黎",
  ].join("\n");
  await page.getByLabel("Import dataset", { exact: true }).setInputFiles({ name: "pandas.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  // pandas' unnamed index column is dropped, the rest are ragas names: imported without the mapping step.
  await expect.poll(() => status(page).innerText()).toBe("Imported “pandas”: 2 rows.");
  await button(page, "Show preview and mapping").click();
  await mapping.waitFor();
  expect(await mapping.getByTestId("contexts-as").allInnerTexts()).toEqual(["2 contexts · Python list", "3 contexts · numpy array"]);
  await expect.poll(() => mapping.getByTestId("contexts-read-as").innerText()).toBe("Contexts cells read as Python list × 1, numpy array × 1.");
  // Cancelling the reopened step keeps what was imported.
  await button(page, "Cancel import").click();
  await expect.poll(() => mapping.count()).toBe(0);
  expect(await status(page).innerText()).toBe("Imported “pandas”: 2 rows.");
  await button(page, "Edit row 2").click();
  expect(await field(page, "Context 3").inputValue()).toBe("第三段");
  await button(page, "Edit row 1").click();
  expect(await field(page, "Context 2").inputValue()).toBe("It's 330 m tall.");
  expect(await field(page, "Reference").inputValue()).toBe("Paris");
  await button(page, "Close row editor").click();

  // Parquet as pyarrow writes it for HF datasets (list columns, an int64 id), read by the worker's
  // lazily loaded parquet reader. The pandas layout reads to the same contexts too:
  // test/storage/format/fixtures.test.ts reads both layouts through the same pipeline.
  const records = (await readFile(new URL("../fixtures/datasets/pandas-records.jsonl", import.meta.url), "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { retrieved_contexts: string[] });
  await page.getByLabel("Import dataset", { exact: true }).setInputFiles(new URL("../fixtures/datasets/hf-datasets-style.parquet", import.meta.url).pathname);
  // Ragas column names only: stored without the mapping step.
  await expect.poll(() => status(page).innerText(), { timeout: 20_000 }).toBe(`Imported “hf-datasets-style”: ${records.length} rows.`);
  await button(page, `Edit row ${records.length}`).click();
  const last = records.at(-1)!.retrieved_contexts;
  expect(await field(page, `Context ${last.length}`).inputValue()).toBe(last.at(-1));
  expect(await page.getByRole("navigation", { name: "Stored datasets" }).locator("li").count()).toBe(4);
});

test("nothing is stored until the user says so: other column names, two names for one field or invalid rows go through the mapping step (then only valid rows, if asked); a file being read can be cancelled; a ragas-named file is stored at once", async () => {
  const { page, context } = await e2e.open();
  await openDatasets(page);
  const mapping = page.getByRole("region", { name: "Column mapping" });
  const stored = page.getByRole("navigation", { name: "Stored datasets" }).locator("li");
  const importFile = (name: string, csv: string) =>
    page.getByLabel("Import dataset", { exact: true }).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });

  // "query" is no sample name: the mapping step, question not mapped, nothing stored yet.
  await importFile("own-names.csv", 'query,answer,contexts\nWhere?,Here.,"[""c1""]"\n');
  await mapping.waitFor();
  expect(await page.getByLabel("Column for question", { exact: true }).inputValue()).toBe("");
  expect(await stored.count()).toBe(0);
  await page.getByLabel("Column for question", { exact: true }).selectOption("query");
  await expect.poll(() => mapping.innerText()).toContain("The one row is valid.");
  await mapping.getByRole("button", { name: "Import", exact: true }).click();
  await expect.poll(() => status(page).innerText()).toBe("Imported “own-names”: 1 row.");

  // question and user_input both present: which one is the question is the user's call.
  await importFile("ambiguous.csv", "question,user_input,answer\nQ?,Other Q?,A.\n");
  await mapping.waitFor();
  await expect.poll(() => mapping.innerText()).toContain("The one row is valid.");
  expect(await mapping.getByTestId("shared-field").innerText()).toBe(
    "“user_input” and “question” both hold the question: “question” is used, “user_input” only in rows where “question” is empty. Choose another column below if that is wrong.",
  );
  expect(await stored.count()).toBe(1);
  await button(page, "Cancel import").click();
  await expect.poll(() => mapping.count()).toBe(0);

  // Rows with errors: the report lists row, field and problem; Import is refused; only-valid is the user's choice.
  await importFile("broken.csv", 'question,answer,contexts\n"Q1","A1","[""c1""]"\n"Q2",,"[""c2""]"\n"Q3","A3","[""broken"\n');
  const report = page.getByRole("alert", { name: "Validation report" });
  await report.waitFor();
  const cells = await report.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
  expect(cells.map((c) => c.slice(0, 2))).toEqual([
    ["2 (line 3)", "answer"],
    ["3 (line 4)", "contexts"],
  ]);
  expect(await page.getByRole("button", { name: "Import", exact: true }).isDisabled()).toBe(true);
  expect(await stored.count()).toBe(1);
  await button(page, "Import valid rows only").click();
  await expect.poll(() => status(page).innerText()).toBe("Imported “broken”: 1 row; 2 invalid rows were left out.");
  expect(await bodyRows(page).count()).toBe(1);
  expect(await stored.count()).toBe(2);

  // A file still being read: the worker that reads it does not start until the test lets its
  // script load, so the file is "being read" for as long as the test needs, whatever its size (a
  // 120,000-row file stood in for slowness here before; its progress, and a cancelled job ignoring
  // what the worker still sends, are proven in Node: test/app/datasets/import-session.test.ts).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const workerScripts: string[] = [];
  const workerScript = /\/assets\/import\.worker-[^/]*\.js$/;
  let answered: Promise<void> = Promise.resolve();
  await context.route(workerScript, (route) => {
    workerScripts.push(route.request().url());
    answered = held.then(() => route.continue().catch(() => undefined));
    return answered;
  });
  await importFile("big.csv", datasetCsv(200));
  await page.getByLabel("Import progress", { exact: true }).waitFor();
  expect(await page.getByText("Reading big.csv…").count()).toBe(1);
  expect(workerScripts).toHaveLength(1);
  await button(page, "Cancel import").click();
  await expect.poll(() => status(page).innerText()).toBe("Import cancelled: nothing was stored.");
  // Let the held script load: the terminated worker must not bring the file back.
  release();
  await answered;
  await context.unroute(workerScript);
  expect(await page.getByLabel("Import progress", { exact: true }).count()).toBe(0);
  expect(await mapping.count()).toBe(0);
  expect(await status(page).innerText()).toBe("Import cancelled: nothing was stored.");
  expect(await stored.count()).toBe(2);
  expect(await page.getByRole("navigation", { name: "Stored datasets" }).innerText()).not.toContain("big");

  // Only ragas names: stored without the step.
  await importFile("ragas.csv", 'user_input,response,retrieved_contexts,reference\nWhere?,Here.,"[""c1""]",There.\n');
  await expect.poll(() => status(page).innerText()).toBe("Imported “ragas”: 1 row.");
  expect(await mapping.count()).toBe(0);
  expect(await stored.count()).toBe(3);
});
