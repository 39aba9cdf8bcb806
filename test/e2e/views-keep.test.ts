import { expect, test } from "vitest";
import { button, useMock } from "./browser";
import { useE2E } from "./context";
import { importReport, openReportsTab } from "./report-helpers";
import { cliReport, wikiEvalSamples } from "./report-fixtures";
import { finished, importCsv } from "./runs-helpers";
import { agreementRows, openView, VIEW_NAMES } from "./views-helpers";

const e2e = useE2E();

/** Every view once, in order, then back to `home`. */
async function walk(page: Parameters<typeof openView>[0], home: (typeof VIEW_NAMES)[number]): Promise<void> {
  for (const view of VIEW_NAMES) await openView(page, view);
  await openView(page, home);
}

/**
 * One page holds something in three views at once (a report opened from a file, agreement data, two
 * datasets and a finished run), so one walk through every view shows all three kept: a fresh page
 * per view would boot the app and load every view's chunk (Monaco included) three times over.
 */
test("what each view holds stays after visiting every other view: a report opened from a file, loaded agreement data, the selected dataset and run; the agreement statuses follow a language switch", async () => {
  const mock = await e2e.mock({ latencyMs: 2 });
  const report = await cliReport(mock.url, wikiEvalSamples(2));
  const { page } = await e2e.open();
  await useMock(page, mock.url);

  await openReportsTab(page);
  await importReport(page, "kept-open.json", report);
  const mean = page.getByTestId("mean-faithfulness").first();
  await mean.waitFor({ state: "visible" });
  const before = (await mean.innerText()).trim();

  await openView(page, "Agreement");
  await page
    .getByLabel("Import agreement data", { exact: true })
    .setInputFiles({ name: "wikieval-3.jsonl", mimeType: "application/jsonl", buffer: agreementRows() });
  const dataStatus = page.getByRole("status", { name: "Agreement data status" });
  await expect.poll(() => dataStatus.innerText()).toBe("3 rows from wikieval-3.jsonl");

  await importCsv(page, "first.csv", 2);
  await button(page, "Start run").click();
  await expect.poll(() => finished(page), { timeout: 30_000 }).toBe(2);
  await importCsv(page, "second.csv", 3);
  const pane = page.getByRole("region", { name: "Dataset second" });
  await pane.waitFor();

  // Every view once, back to Datasets: the selected dataset is still there, and so are the others'.
  await walk(page, "Datasets");
  await pane.waitFor();
  expect(await page.getByRole("form", { name: "New run" }).count()).toBe(1);
  await openView(page, "Reports");
  await expect.poll(() => page.getByTestId("mean-faithfulness").count()).toBeGreaterThan(0);
  expect((await mean.innerText()).trim()).toBe(before);
  expect(await page.locator(".report-head").innerText()).toContain("kept-open.json");
  expect(await page.locator("body").innerText()).not.toContain("No report open.");
  await openView(page, "Agreement");
  expect(await dataStatus.innerText()).toBe("3 rows from wikieval-3.jsonl");
  expect(await page.getByRole("status", { name: "Agreement status" }).innerText()).not.toContain("Load data first.");
  await expect.poll(() => button(page, "Run agreement").isEnabled()).toBe(true);

  // The first dataset's run, chosen again, stays chosen across a round trip too.
  await openView(page, "Datasets");
  await page
    .getByRole("navigation", { name: "Stored datasets" })
    .getByRole("button", { name: /^first\b/ })
    .click();
  await page.getByRole("region", { name: "Dataset first" }).waitFor();
  await expect.poll(() => finished(page)).toBe(2);
  await walk(page, "Datasets");
  await page.getByRole("region", { name: "Dataset first" }).waitFor();
  expect(await finished(page)).toBe(2);

  // A finished agreement run's status line is rebuilt in the language switched to (it was once left in English).
  await openView(page, "Agreement");
  await button(page, "Run agreement").click();
  const runStatus = page.getByRole("status", { name: "Agreement status" });
  await expect.poll(() => runStatus.innerText(), { timeout: 60_000 }).toMatch(/^Finished: \d+ pairs judged and saved\.$/);
  const pairs = /\d+/.exec(await runStatus.innerText())![0];
  await page.getByRole("button", { name: "中文", exact: true }).click();
  // In Chinese the status lines are named in Chinese (contract 7), so they are found by those names.
  await expect.poll(() => page.getByRole("status", { name: "一致性评估数据状态" }).innerText()).toBe("已从 wikieval-3.jsonl 加载 3 行");
  expect(await page.getByRole("status", { name: "一致性评估状态" }).innerText()).toBe(`完成：已评判并保存 ${pairs} 对。`);
}, 180_000);

test("the view switch is a tablist: one tab in the Tab order, arrows / Home / End move and open, the panel is the selected tab's", async () => {
  const { page } = await e2e.open();
  const tabs = page.getByRole("tablist", { name: "View" }).getByRole("tab");
  expect(await tabs.evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")))).toEqual([...VIEW_NAMES]);
  const selected = () => page.getByRole("tab", { selected: true }).getAttribute("aria-label");
  expect(await selected()).toBe("Playground");
  expect(await tabs.evaluateAll((els) => els.map((el) => el.getAttribute("tabindex")))).toEqual(["0", "-1", "-1", "-1", "-1"]);

  await page.getByRole("tab", { name: "Playground" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(selected).toBe("Prompts");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Prompts");
  await page.keyboard.press("End");
  await expect.poll(selected).toBe("Agreement");
  await page.getByLabel("Import agreement data", { exact: true }).waitFor({ state: "attached" });
  await page.keyboard.press("ArrowRight");
  await expect.poll(selected).toBe("Playground");
  await page.keyboard.press("ArrowLeft");
  await expect.poll(selected).toBe("Agreement");
  await page.keyboard.press("Home");
  await expect.poll(selected).toBe("Playground");

  const controls = await page.getByRole("tab", { selected: true }).getAttribute("aria-controls");
  const panel = page.getByRole("tabpanel");
  expect(await panel.getAttribute("id")).toBe(controls);
  expect(await panel.getAttribute("aria-labelledby")).toBe(await page.getByRole("tab", { selected: true }).getAttribute("id"));
});
