import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { button } from "./browser";

/** Opens the Reports tab (by its contract name) and waits for its chunk. */
export async function openReportsTab(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "Reports", exact: true }).click();
  await page.getByLabel("Import report", { exact: true }).waitFor({ state: "attached" });
}

export async function importReport(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel("Import report", { exact: true }).setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
}

/** Clicks an export button and returns the downloaded file's text and path. */
export async function download(page: Page, name: string): Promise<{ text: string; path: string; fileName: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), button(page, name).click()]);
  // Saved under its suggested name: a browser opening it from disk goes by the extension.
  const path = join(await mkdtemp(join(tmpdir(), "ragas-dl-")), file.suggestedFilename());
  await file.saveAs(path);
  return { text: await readFile(path, "utf8"), path, fileName: file.suggestedFilename() };
}

/** The mean shown in the summary card of a metric ("0.72", or "—"). */
export async function shownMean(page: Page, metric: string): Promise<string> {
  const cell = page.getByTestId(`mean-${metric}`).first();
  await cell.waitFor({ state: "visible" });
  return (await cell.innerText()).trim();
}

export async function notice(page: Page): Promise<string> {
  const n = page.getByTestId("reports-notice");
  await n.waitFor({ state: "visible" });
  return (await n.innerText()).trim();
}

/** Rows of every object store named `store` in every database of the page. */
export async function storeRows(page: Page, store: string): Promise<number> {
  return page.evaluate(`(async () => {
    let n = 0;
    for (const info of await indexedDB.databases()) {
      const db = await new Promise((ok, fail) => { const r = indexedDB.open(info.name); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
      if (db.objectStoreNames.contains(${JSON.stringify(store)})) {
        n += await new Promise((ok, fail) => { const r = db.transaction(${JSON.stringify(store)}).objectStore(${JSON.stringify(store)}).count(); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
      }
      db.close();
    }
    return n;
  })()`);
}
