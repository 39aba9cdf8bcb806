/**
 * Agreement without bringing data (issue 26): one click loads the ten WikiEval rows, fetched as a
 * chunk of their own only then (never in the main bundle); with no key the view says a key is
 * needed (the demo judge answers only the playground's built-in examples: test/demo/wikieval-example.test.ts)
 * and sends nothing; with a key a finished run brings its table into view; the accuracy cells that
 * open the pairs look like buttons and show a focus ring.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { button, tab, useMock } from "./browser";
import { useE2E } from "./context";

const e2e = useE2E();
const KEY = "sk-agreement-example-e2e";
/** A row of the example that no built-in playground example carries. */
const ROW_TEXT = "Uzbekistan";

async function loadExample(page: Page, requests: string[]): Promise<void> {
  await tab(page, "Agreement").click();
  await button(page, "Try the WikiEval example (10 rows)").waitFor();
  // Nothing of the example has been fetched yet: it is not in the main bundle.
  expect(requests.filter((u) => /\/assets\/example-[\w-]+\.js$/.test(u))).toEqual([]);
  await button(page, "Try the WikiEval example (10 rows)").click();
  await expect.poll(() => page.getByRole("status", { name: "Agreement data status" }).innerText()).toBe("10 rows from WikiEval_samples_10.jsonl");
  expect(requests.filter((u) => /\/assets\/example-[\w-]+\.js$/.test(u))).toHaveLength(1);
  expect(await page.getByRole("table", { name: "Agreement data preview" }).innerText()).toContain(ROW_TEXT);
}

test("with no key: the example loads in one click, from its own chunk, and the view says a key is needed instead of running", async () => {
  const mock = await e2e.mock();
  const s = await e2e.open();
  const { page } = s;
  // The main bundle's scripts (loaded at boot) do not hold the example's rows.
  const scripts = s.requests.filter((u) => u.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) expect(await (await fetch(url)).text(), url).not.toContain("Uzbekistan–Afghanistan–Pakistan Railway");

  await loadExample(page, s.requests);
  expect(await page.getByText("The first 10 rows of WikiEval, the data set of the RAGAS paper").count()).toBe(1);
  const run = button(page, "Run agreement");
  expect(await run.isDisabled()).toBe(true);
  const why = page.locator(`[id="${await run.getAttribute("aria-describedby")}"]`);
  expect(await why.innerText()).toMatch(/^An agreement run needs an API key: the demo judge only answers the playground's built-in examples, not these rows\./);
  expect(mock.log).toEqual([]);
});

test("with a key: the run on the example ends with its table in view; the accuracy cells are buttons with a button's look and a focus ring", async () => {
  const mock = await e2e.mock({ apiKey: KEY });
  const s = await e2e.open({ height: 700 });
  const { page } = s;
  await useMock(page, mock.url, KEY);
  await loadExample(page, s.requests);
  // GPT Ranking alone: one request per row and task keeps the run short.
  await page.getByRole("checkbox", { name: "Ragas" }).uncheck();
  await page.getByRole("checkbox", { name: "GPT Score", exact: true }).uncheck();
  await button(page, "Run agreement").click();
  await expect.poll(() => page.getByRole("status", { name: "Agreement status" }).innerText(), { timeout: 30_000 }).toBe("Finished: 30 pairs judged and saved.");

  // The result is on screen without the user scrolling to it.
  const table = page.getByRole("table", { name: "Agreement table" });
  await expect
    .poll(async () => {
      const box = await table.boundingBox();
      return box !== null && box.y >= 0 && box.y + Math.min(box.height, 200) <= 700;
    })
    .toBe(true);

  const value = page.locator('[data-cell="gpt_ranking/faithfulness"]');
  const look = await value.evaluate((el) => {
    const style = getComputedStyle(el);
    return { tag: el.tagName, border: style.borderTopStyle, borderWidth: style.borderTopWidth, radius: style.borderTopLeftRadius, cursor: style.cursor };
  });
  expect(look).toMatchObject({ tag: "BUTTON", border: "solid", borderWidth: "1px", cursor: "pointer" });
  expect(look.radius).not.toBe("0px");
  await value.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { cell: el.dataset.cell, outline: style.outlineStyle, width: style.outlineWidth };
  });
  expect(ring).toEqual({ cell: "gpt_ranking/faithfulness", outline: "solid", width: "2px" });
  await page.keyboard.press("Enter");
  await expect.poll(() => page.getByRole("region", { name: "Agreement pairs" }).locator(".pair-list > li").count()).toBe(10);
});
