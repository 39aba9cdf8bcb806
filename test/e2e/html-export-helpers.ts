import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * The exported HTML report opened from disk as a reader opens a mailed file: every request but
 * file: is blocked (the export must need none), console lines kept to catch CSP refusals.
 */
export async function openHtmlOffline(context: BrowserContext, path: string): Promise<{ file: Page; requests: string[]; consoleLines: string[] }> {
  const file = await context.newPage();
  const requests: string[] = [];
  const consoleLines: string[] = [];
  file.on("request", (r) => requests.push(r.url()));
  file.on("console", (m) => consoleLines.push(m.text()));
  await context.route("**/*", (route) => (route.request().url().startsWith("file:") ? route.continue() : route.abort()));
  await file.goto(`file://${path}`);
  return { file, requests, consoleLines };
}

/** The sample ids of the rows shown, in their order on the page. */
export const shownIds = (file: Page): Promise<string[]> =>
  file.locator("details.row:not([hidden])").evaluateAll((els) => els.map((e) => e.getAttribute("data-id") ?? ""));

/**
 * Sorts by a metric (descending on the first click, ascending on the second) and checks the
 * order against the scores given: ids sorted by score, nulls last either way, ties in any order.
 */
export async function expectSortsBy(file: Page, metric: string, scores: ReadonlyMap<string, number | null>): Promise<void> {
  const scoresOf = async () => (await shownIds(file)).map((id) => scores.get(id));
  const numbers = [...scores.values()].filter((v): v is number => v !== null);
  const nulls = [...scores.values()].filter((v) => v === null);
  await file.getByRole("button", { name: `Sort by ${metric}` }).click();
  expect(await scoresOf()).toEqual([...[...numbers].sort((a, b) => b - a), ...nulls]);
  expect(await sortedBy(file, "descending")).toBe(metric);
  await file.getByRole("button", { name: `Sort by ${metric}` }).click();
  expect(await scoresOf()).toEqual([...[...numbers].sort((a, b) => a - b), ...nulls]);
}

/** The metric id of the column sorted that way (the header shows the metric's name; the id is its key). */
export const sortedBy = (file: Page, dir: "ascending" | "descending"): Promise<string | null> =>
  file.locator(`[role=columnheader][aria-sort="${dir}"] button`).getAttribute("data-key");

/** Nothing but the file itself was requested, and the CSP refused nothing the viewer needs. */
export function expectOfflineAndClean(requests: readonly string[], consoleLines: readonly string[]): void {
  expect(requests.filter((u) => !u.startsWith("file:"))).toEqual([]);
  expect(consoleLines.filter((l) => /Content Security Policy|Refused/.test(l))).toEqual([]);
}
