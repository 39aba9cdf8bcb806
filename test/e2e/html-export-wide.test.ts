import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { METRIC_IDS } from "../../src/engine/metrics/types";
import { exportHtml } from "../../src/app/shared/report-exports/exports";
import { currentReportsT } from "../../src/app/shared/report-exports/messages";
import { useApp } from "../../src/app/shared/store";
import { useE2E } from "./context";
import { EVERY_METRIC, everyMetricReport } from "./every-metric-report";
import { expectOfflineAndClean, openHtmlOffline } from "./html-export-helpers";

/**
 * Issue 26: the HTML export is the file people send to others, and it broke with many metrics
 * (headers running into each other, score chips outside their rows, the page scrolling sideways).
 * With every metric (every built-in one and 3 custom judges; 20 when this was written, 34 now) it must read at 1400 px and at 420 px: the
 * page never scrolls sideways (the summary's cards wrap; the samples table scrolls in its own box,
 * with a hint), no header cell's text leaves its cell or overlaps the next, no card's text leaves
 * its card, every chip stays in its row, and an opened sample's text stays in view.
 */
const e2e = useE2E();

/** Every layout fault the page shows now, as sentences (an empty list when it reads well). */
function layoutFaults(file: Page): Promise<string[]> {
  return file.evaluate(() => {
    const faults: string[] = [];
    const textRects = (node: Node) => {
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(t);
        rects.push(...range.getClientRects());
      }
      return rects;
    };
    const inside = (a: DOMRect, b: DOMRect) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) faults.push(`the page scrolls sideways: scrollWidth ${doc.scrollWidth} > clientWidth ${doc.clientWidth}`);

    const cells = [...document.querySelectorAll<HTMLElement>("[role=columnheader]")];
    cells.forEach((cell, i) => {
      const box = cell.getBoundingClientRect();
      if (textRects(cell).some((r) => !inside(r, box))) faults.push(`header "${cell.textContent}" runs out of its cell`);
      const previous = cells[i - 1]?.getBoundingClientRect();
      if (previous && previous.right > box.left + 0.5) faults.push(`header "${cells[i - 1]!.textContent}" overlaps "${cell.textContent}"`);
    });

    for (const card of document.querySelectorAll<HTMLElement>(".card")) {
      const box = card.getBoundingClientRect();
      if (textRects(card).some((r) => !inside(r, box))) faults.push(`summary card "${card.querySelector("h3")?.textContent}" has text outside it`);
    }

    for (const row of document.querySelectorAll<HTMLElement>("details.row:not([hidden])")) {
      const rowBox = row.getBoundingClientRect();
      const chips = [...row.querySelectorAll<HTMLElement>(":scope > summary .chip")];
      chips.forEach((chip, i) => {
        const box = chip.getBoundingClientRect();
        if (!inside(box, rowBox)) faults.push(`chip ${i} of row ${row.dataset.id} lies outside its row`);
        if (textRects(chip).some((r) => !inside(r, box))) faults.push(`chip "${chip.textContent}" of row ${row.dataset.id} runs out of its cell`);
        const previous = chips[i - 1]?.getBoundingClientRect();
        if (previous && previous.right > box.left + 0.5) faults.push(`chips ${i - 1} and ${i} of row ${row.dataset.id} overlap`);
      });
    }
    return faults;
  });
}

/** An opened sample's body lies within what its scroll box shows (its text never needs the table's sideways scroll). */
function sampleBodyInView(file: Page): Promise<boolean> {
  return file.evaluate(() => {
    const body = document.querySelector(".sample")!.getBoundingClientRect();
    const box = document.querySelector(".table-scroll")!.getBoundingClientRect();
    return body.left >= box.left - 0.5 && body.right <= box.right + 0.5;
  });
}

test("the HTML export of a report with every metric (34) reads at 1400 px and at 420 px, in English and in Chinese", { timeout: 120_000 }, async () => {
  const mock = await e2e.mock();
  const report = await everyMetricReport(mock.url, 4);
  expect(report.config.metrics).toEqual(EVERY_METRIC);
  expect(EVERY_METRIC).toHaveLength(METRIC_IDS.length + 3);
  expect(EVERY_METRIC.length).toBeGreaterThanOrEqual(34);
  const dir = await mkdtemp(join(tmpdir(), "html-wide-"));
  const s = await e2e.open();

  for (const lang of ["en", "zh"] as const) {
    // The export takes the labels of the app's language at export time, as Reports passes them.
    useApp.setState({ lang });
    const labels = currentReportsT().html;
    useApp.setState({ lang: "en" });
    const path = join(dir, `report-${lang}.html`);
    await writeFile(path, await exportHtml(report, [], { ...labels }, lang));
    const { file, requests, consoleLines } = await openHtmlOffline(s.context, path);
    await file.getByTestId("mean-faithfulness").waitFor();
    expect(await file.locator("[role=columnheader]").count()).toBe(2 + EVERY_METRIC.length);

    for (const width of [1400, 420]) {
      await file.setViewportSize({ width, height: 900 });
      await expect.poll(() => layoutFaults(file)).toEqual([]);
      // The samples table is wider than the page at both widths: it says it scrolls.
      await expect.poll(() => file.locator(".scroll-hint:has(+ .table-scroll .rows)").isVisible()).toBe(true);
    }
    await file.locator("details.row > summary").first().click();
    await file.locator("details.row[open] .sample").waitFor();
    expect(await sampleBodyInView(file)).toBe(true);
    expect(await layoutFaults(file)).toEqual([]);
    expectOfflineAndClean(requests, consoleLines);
    await file.close();
  }
  await rm(dir, { recursive: true, force: true });
});
