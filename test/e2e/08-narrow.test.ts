import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { button, METRIC_IDS, asScore, waitForIdle, waitForScores, tab } from "./browser";
import { useE2E } from "./context";

const e2e = useE2E();
const WIDTH = 420;

/** Elements whose right edge passes the window's (the page would scroll sideways, or clip them). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      // Report the outermost offender only.
      if (el.parentElement && el.parentElement.getBoundingClientRect().right > width + 0.5) continue;
      // Content inside a scroll box or a clipping box that itself fits is fine (wide tables, editors).
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== "visible" && a.getBoundingClientRect().right <= width + 0.5) { clipped = true; break; }
      }
      if (clipped) continue;
      out.push(el.tagName.toLowerCase() + (el.className ? "." + String(el.className).split(" ").join(".") : "") + " ends at " + Math.round(box.right) + " px: " + (el.textContent || "").trim().slice(0, 40));
    }
    return out;
  })()`);
}

test(`a ${WIDTH} px window: nothing scrolls sideways, in the Datasets, Reports and Agreement views empty, and in the playground before and after scoring (English and Chinese UI)`, async () => {
  const s = await e2e.open({ width: WIDTH, height: 900 });
  const { page } = s;
  expect(await overflowing(page), "before scoring").toEqual([]);

  // The other views, empty (views-narrow.test.ts walks them with data in them), on the same page.
  const views: ["Datasets" | "Reports" | "Agreement", string][] = [
    ["Datasets", "Import dataset"],
    ["Reports", "Import report"],
    ["Agreement", "Import agreement data"],
  ];
  for (const [view, input] of views) {
    await tab(page, view).click();
    await page.getByLabel(input, { exact: true }).waitFor({ state: "attached" });
    expect(await overflowing(page), view).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), view).toBeLessThanOrEqual(WIDTH);
  }
  await tab(page, "Playground").click();

  await button(page, "English example").click();
  await button(page, "Score").click();
  const scores = await waitForScores(page);
  await waitForIdle(page);
  for (const id of METRIC_IDS) asScore(scores[id]);
  expect(await overflowing(page), "after scoring").toEqual([]);

  await page.getByRole("button", { name: "中文", exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
  expect(await overflowing(page), "Chinese UI").toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
});
