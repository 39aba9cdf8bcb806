/**
 * Helpers of the whole-app browser tests (issue 20): fill every view with something (a scored
 * sample, a dataset and its run, an opened report, agreement data and a run), then walk the views.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { fixturePath } from "../fixture-path";
import { button, useMock, waitForIdle, waitForScores } from "./browser";
import { importReport, openReportsTab } from "./report-helpers";
import { finished, importCsv } from "./runs-helpers";
import type { ShownTrace } from "./catalogue";

export const VIEW_NAMES = ["Playground", "Prompts", "Datasets", "Reports", "Agreement"] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

/** The first three WikiEval rows (agreement data): enough for every table, quick against the mock. */
export function agreementRows(n = 3): Buffer {
  const lines = readFileSync(fixturePath("wikieval", "WikiEval_samples_10.jsonl"), "utf8").trim().split("\n");
  return Buffer.from(lines.slice(0, n).join("\n"));
}

/** An element only each view has (its chunk is loaded once it is there), found the same way in English and Chinese. */
const VIEW_MARKERS: Record<ViewName, string> = {
  Playground: "#question",
  Prompts: "main.studio",
  Datasets: '[data-testid="dataset-drop"] input[type="file"]',
  Reports: '.reports-open input[type="file"]',
  Agreement: '.agreement-data input[type="file"]',
};

/** Waits until a view shows its own content (its chunk is loaded). The tab is found by its id: its name is the UI language's (contract 7). */
export async function openView(page: Page, name: ViewName): Promise<void> {
  await page.locator(`#tab-${name.toLowerCase()}`).click();
  await page
    .locator(VIEW_MARKERS[name])
    .first()
    .waitFor({ state: name === "Prompts" || name === "Playground" ? "visible" : "attached", timeout: 30_000 });
  await domSettled(page);
}

/**
 * Waits until the page stops changing: two animation frames in a row with no DOM mutation, so charts,
 * lazy parts and what a ResizeObserver shows after layout (the scroll hints) have rendered. Tied to
 * the page's own frames and mutations, not to a time; a page that never settles fails after 30 s.
 */
async function domSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((settled, failed) => {
        let changed = false;
        let quietFrames = 0;
        const watch = new MutationObserver(() => {
          changed = true;
        });
        watch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const giveUp = setTimeout(() => {
          watch.disconnect();
          failed(new Error("the page kept changing for 30 s"));
        }, 30_000);
        const frame = () => {
          quietFrames = changed ? 0 : quietFrames + 1;
          changed = false;
          if (quietFrames < 2) return void requestAnimationFrame(frame);
          clearTimeout(giveUp);
          watch.disconnect();
          settled();
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** A scored example, a 2-row dataset with a finished run (2 rows fill its tables as 200 would), a report opened from a file, agreement data loaded and run. */
export async function loadEverything(page: Page, mockUrl: string, report: string): Promise<void> {
  await useMock(page, mockUrl);
  await button(page, "English example").click();
  await button(page, "Score").click();
  await waitForScores(page);
  await waitForIdle(page);

  await importCsv(page, "narrow.csv", 2);
  await button(page, "Start run").click();
  await expect.poll(() => finished(page), { timeout: 30_000 }).toBe(2);
  await expect.poll(() => button(page, "Pause run").count(), { timeout: 10_000 }).toBe(0);

  await openReportsTab(page);
  await importReport(page, "narrow-report.json", report);
  await page.getByTestId("mean-faithfulness").first().waitFor({ state: "visible" });

  await openView(page, "Agreement");
  await page
    .getByLabel("Import agreement data", { exact: true })
    .setInputFiles({ name: "wikieval-3.jsonl", mimeType: "application/jsonl", buffer: agreementRows() });
  await expect.poll(() => page.getByRole("status", { name: "Agreement data status" }).innerText()).toContain("wikieval-3.jsonl");
  await button(page, "Run agreement").click();
  await page.locator('[data-cell="gpt_ranking/context_relevance"] .accuracy').waitFor({ timeout: 60_000 });
  await page.locator('[data-cell="ragas/faithfulness"]').click();
}

export async function setLanguage(page: Page, lang: "en" | "zh"): Promise<void> {
  await page.getByRole("button", { name: lang === "zh" ? "中文" : "EN", exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang === "zh" ? "zh-CN" : "en");
}

/**
 * What does not fit the window: the page's own width, and every visible control (button, input,
 * select, textarea, link, summary) that sticks out of the window without a scrolling box to hold
 * it, is cut by a box that clips, or whose own label is cut (text wider than the button).
 */
export async function misfits(page: Page): Promise<{ pageWidth: number; window: number; clipped: string[]; wide: string[] }> {
  return page.evaluate(`(() => {
    const W = window.innerWidth;
    const name = (el) => (el.getAttribute("aria-label") || el.textContent || el.getAttribute("placeholder") || "").trim().replace(/\\s+/g, " ").slice(0, 40);
    const desc = (el, box, why) => el.tagName.toLowerCase() + " \\"" + name(el) + "\\" [" + Math.round(box.left) + ", " + Math.round(box.right) + "] " + why;
    const clipped = [];
    for (const el of document.querySelectorAll("button, input:not([type=hidden]), select, textarea, a[href], summary")) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Up to the nearest box that scrolls: a clipping box on the way must hold the control whole,
      // and the scrolling box (where the rest can be scrolled into view) must fit the window.
      let why = null;
      let scroller = null;
      for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
        const ox = getComputedStyle(a).overflowX;
        if (ox === "visible") continue;
        const h = a.getBoundingClientRect();
        if (ox === "auto" || ox === "scroll") { scroller = a; if (h.left < -0.5 || h.right > W + 0.5) why = "in a scrolling box that does not fit the window"; break; }
        if (box.left < h.left - 0.5 || box.right > h.right + 0.5) { why = "cut by a box that clips"; break; }
      }
      if (!why && !scroller && (box.left < -0.5 || box.right > W + 0.5)) why = "outside the window";
      if (why) clipped.push(desc(el, box, why));
      // A label cut without a sign of it (an ellipsis with the whole text in the title is a sign).
      const signalled = getComputedStyle(el).textOverflow === "ellipsis" && el.title !== "";
      if (el.tagName === "BUTTON" && !signalled && el.scrollWidth > el.clientWidth + 1) clipped.push(desc(el, box, "label wider than the button (" + el.scrollWidth + " > " + el.clientWidth + ")"));
    }
    // The outermost elements that pass the window's right edge outside any scrolling box (what makes the page wide).
    const wide = [];
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= W + 0.5) continue;
      if (el.parentElement && el.parentElement.getBoundingClientRect().right > W + 0.5) continue;
      let held = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== "visible" && a.getBoundingClientRect().right <= W + 0.5) { held = true; break; }
      if (!held) wide.push(el.tagName.toLowerCase() + "." + String(el.className).split(" ").join(".") + " ends at " + Math.round(box.right) + ": " + (el.textContent || "").trim().slice(0, 30));
    }
    return { pageWidth: document.documentElement.scrollWidth, window: W, clipped, wide };
  })()`);
}

/**
 * The strings a user sees in the page: visible text nodes (code blocks to copy left out),
 * placeholders and tooltips (title) of visible elements, and the options of visible selects. Accessible names (aria-label) are
 * ariaLabels' (in English the contract-7 names are not all catalogue strings). Whitespace-normalised, deduplicated.
 */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = new Set();
    const add = (s) => { const t = (s || "").replace(/\\s+/g, " ").trim(); if (t) out.add(t); };
    const shown = (el) => el && el.checkVisibility({ visibilityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || ["SCRIPT", "STYLE", "NOSCRIPT", "OPTION"].includes(parent.tagName)) continue;
      // Commands and headers to type into a terminal or server config (Settings' provider help) are code, not prose.
      if (parent.closest("pre")) continue;
      if (parent.closest(".visually-hidden, [aria-hidden=true]") && !parent.closest(".monaco-editor")) continue;
      if (shown(parent)) add(n.textContent);
    }
    for (const el of document.body.querySelectorAll("[placeholder], [title]")) {
      if (!shown(el)) continue;
      add(el.getAttribute("placeholder"));
      add(el.getAttribute("title"));
    }
    for (const select of document.body.querySelectorAll("select")) if (shown(select)) for (const o of select.options) add(o.textContent);
    return [...out];
  })()`);
}

/**
 * The accessible names the page sets with aria-label, on elements shown or standing for a shown
 * label (a visually hidden file input), outside Monaco (whose own widgets name themselves): in
 * Chinese each must come from the Chinese catalogue or the user's data, as visible text must.
 */
export async function ariaLabels(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = new Set();
    for (const el of document.body.querySelectorAll("[aria-label]")) {
      if (el.closest(".monaco-editor, .monaco-aria-container")) continue;
      const shown = el.checkVisibility({ visibilityProperty: true }) || (el.closest("label") && el.closest("label").checkVisibility({ visibilityProperty: true }));
      if (!shown) continue;
      const t = el.getAttribute("aria-label").replace(/\\s+/g, " ").trim();
      if (t) out.add(t);
    }
    return [...out];
  })()`);
}

/** Every string stored in the page's IndexedDB databases (datasets, runs, results, history, prompts): the user's data. */
export async function storedStrings(page: Page): Promise<string[]> {
  return page.evaluate(`(async () => {
    const out = new Set();
    const walk = (v, depth) => {
      if (depth > 40 || v === null || v === undefined) return;
      if (typeof v === "string") { if (v.length > 0) out.add(v); return; }
      if (Array.isArray(v)) { for (const x of v) walk(x, depth + 1); return; }
      if (typeof v === "object") for (const x of Object.values(v)) walk(x, depth + 1);
    };
    for (const info of await indexedDB.databases()) {
      const db = await new Promise((ok, fail) => { const r = indexedDB.open(info.name); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
      for (const name of db.objectStoreNames) {
        const rows = await new Promise((ok, fail) => { const r = db.transaction(name).objectStore(name).getAll(); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
        walk(rows, 0);
      }
      db.close();
    }
    return [...out];
  })()`);
}

/** Every result stored in the page's databases, as { id, trace } under the key that names its metric. */
export async function storedTraces(page: Page): Promise<ShownTrace[]> {
  return page.evaluate(`(async () => {
    const out = [];
    const walk = (v, depth) => {
      if (depth > 40 || v === null || typeof v !== "object") return;
      if (Array.isArray(v)) { for (const x of v) walk(x, depth + 1); return; }
      for (const [k, x] of Object.entries(v)) {
        if (x !== null && typeof x === "object" && !Array.isArray(x) && "trace" in x) out.push({ id: k, trace: x.trace });
        walk(x, depth + 1);
      }
    };
    for (const info of await indexedDB.databases()) {
      const db = await new Promise((ok, fail) => { const r = indexedDB.open(info.name); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
      for (const name of db.objectStoreNames) {
        const rows = await new Promise((ok, fail) => { const r = db.transaction(name).objectStore(name).getAll(); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
        walk(rows, 0);
      }
      db.close();
    }
    return out;
  })()`);
}

/** The same for a report file's text: every result's trace under its metric id. */
export function reportTraces(reportText: string): ShownTrace[] {
  const report = JSON.parse(reportText) as { results: { metrics: Record<string, { trace?: unknown }> }[] };
  return report.results.flatMap((r) => Object.entries(r.metrics).map(([id, m]) => ({ id, trace: m.trace })));
}
