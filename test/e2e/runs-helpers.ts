import { METRIC_IDS } from "../../src/engine/metrics/types";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { button, tab } from "./browser";
import type { MockRequestRecord } from "../mock/options";
import type { MockServer } from "../mock/server";
import { datasetCsv } from "./datasets-fixture";

/** Helpers of the runs browser tests: import a dataset, read the run's progress and stored results. */

export const progress = (page: Page) => page.getByRole("progressbar", { name: "Run progress" });
export const finished = async (page: Page) => Number(await progress(page).getAttribute("aria-valuenow"));

export async function openDatasets(page: Page): Promise<void> {
  await tab(page, "Datasets").click();
  await page.getByLabel("Import dataset", { exact: true }).waitFor({ state: "attached" });
}

/**
 * Waits for a file whose columns all have sample names to be stored without the mapping step
 * (issue 19): the Datasets status says so, and the mapping step is one click away.
 */
export async function importedByName(page: Page, file: string, rows: number): Promise<void> {
  const name = file.replace(/\.(csv|jsonl?|ndjson|parquet)$/i, "");
  const status = page.getByLabel("Datasets status", { exact: true });
  await expect.poll(() => status.innerText(), { timeout: 20_000 }).toBe(`Imported “${name}”: ${rows.toLocaleString("en")} ${rows === 1 ? "row" : "rows"}.`);
  expect(await page.getByRole("button", { name: "Show preview and mapping" }).count()).toBe(1);
  expect(await page.getByRole("region", { name: "Column mapping" }).count()).toBe(0);
}

/**
 * Imports a dataset CSV and ticks exactly `metrics` in the run form (the form starts with every
 * metric the columns allow; these tests were written for faithfulness and context_recall).
 */
export async function importCsv(page: Page, name: string, rows: number, metrics: readonly string[] = ["faithfulness", "context_recall"]): Promise<void> {
  await openDatasets(page);
  await page.getByLabel("Import dataset", { exact: true }).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(datasetCsv(rows)) });
  await importedByName(page, name, rows);
  await chooseMetrics(page, metrics);
}

/** Ticks exactly `metrics` in the run form, once its defaults (from the dataset's columns) have arrived. */
export async function chooseMetrics(page: Page, metrics: readonly string[]): Promise<void> {
  const form = page.getByRole("form", { name: "New run" });
  await form.waitFor();
  // The defaults arrive with the dataset's samples: wait for them before choosing.
  // (A form the user already chose metrics in keeps that choice: then some are ticked at once.)
  await expect.poll(() => form.getByRole("checkbox", { checked: true }).count()).toBeGreaterThan(0);
  // The picker's metric boxes are named by metric id (option boxes and "Run by batch" are not).
  for (const box of await form.locator('input[type="checkbox"][aria-label]').all()) {
    const id = (await box.getAttribute("aria-label")) ?? "";
    if (!isMetricBox(id)) continue;
    if (metrics.includes(id)) await box.check();
    else if (await box.isChecked()) await box.uncheck();
  }
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

/**
 * Starts a run of the open dataset at `concurrency` and waits until it is live and then done;
 * returns its wall time and the chat requests the mock saw (500 rows x faithfulness = 1,000).
 */
export async function timedRun(page: Page, mock: MockServer, concurrency: number): Promise<{ wallMs: number; chat: MockRequestRecord[] }> {
  await page.getByLabel("Concurrency").fill(String(concurrency));
  mock.resetLog();
  const started = Date.now();
  await button(page, "Start run").click();
  // The new run is live (the progress bar shows it, not the previous run) ...
  await expect.poll(() => button(page, "Pause run").count(), { timeout: 10_000, interval: 50 }).toBe(1);
  // ... until it has finished every sample.
  await expect.poll(() => button(page, "Pause run").count(), { timeout: 120_000, interval: 100 }).toBe(0);
  const wallMs = Date.now() - started;
  expect(await finished(page)).toBe(500);
  // The run's own requests; the connection check before it ("Reply with OK.") asks about no sample.
  const chat = mock.log.filter((r) => r.kind === "chat" && !JSON.stringify(r.body ?? "").includes("Reply with OK."));
  expect(chat).toHaveLength(1000);
  return { wallMs, chat };
}

const isMetricBox = (id: string) => (METRIC_IDS as readonly string[]).includes(id) || id.startsWith("custom:");
