import type { Page } from "playwright-core";
import { expect } from "vitest";
import { button } from "./browser";
import { datasetCsv } from "./datasets-fixture";

/** Helpers of the runs browser tests: import a dataset, read the run's progress and stored results. */

export const progress = (page: Page) => page.getByRole("progressbar", { name: "Run progress" });
export const finished = async (page: Page) => Number(await progress(page).getAttribute("aria-valuenow"));

export async function openDatasets(page: Page): Promise<void> {
  await button(page, "Datasets").click();
  await page.getByLabel("Import dataset", { exact: true }).waitFor({ state: "attached" });
}

export async function importCsv(page: Page, name: string, rows: number): Promise<void> {
  await openDatasets(page);
  await page.getByLabel("Import dataset", { exact: true }).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(datasetCsv(rows)) });
  const mapping = page.getByRole("region", { name: "Column mapping" });
  await expect.poll(() => mapping.innerText(), { timeout: 20_000 }).toContain(`All ${rows} rows are valid.`);
  await mapping.getByRole("button", { name: "Import", exact: true }).click();
  await page.getByRole("form", { name: "New run" }).waitFor();
}

/** The runResults rows as stored: which samples are finished, with each metric's score or code. */
export function storedResults(page: Page): Promise<{ sampleId: string; repeat: number; metrics: Record<string, { score: number | null; code?: string }> }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("ragas-playground");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction("runResults").objectStore("runResults").getAll();
          req.onsuccess = () => {
            db.close();
            resolve(
              (req.result as { sampleId: string; repeat: number; metrics: Record<string, { score: number | null; error?: { code: string } }> }[]).map((r) => ({
                sampleId: r.sampleId,
                repeat: r.repeat,
                metrics: Object.fromEntries(Object.entries(r.metrics).map(([k, v]) => [k, { score: v.score, ...(v.error ? { code: v.error.code } : {}) }])),
              })),
            );
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** The sample ("q17") a chat request is about: every prompt quotes the tower's city. */
export const sampleOfBody = (body: unknown) => {
  const m = /tower in city (\d+)/.exec(JSON.stringify(body));
  return m ? `q${m[1]}` : "?";
};
