import { expect, test } from "vitest";
import { useE2E } from "./context";
import { cliReport, wikiEvalSamples } from "./report-fixtures";
import { loadEverything, misfits, openView, setLanguage, VIEW_NAMES } from "./views-helpers";

const e2e = useE2E();
const WIDTH = 420;

test(`every view at ${WIDTH} px, in English and Chinese, with data in it: no sideways page scroll, no clipped control`, async () => {
  const mock = await e2e.mock({ latencyMs: 2 });
  const report = await cliReport(mock.url, wikiEvalSamples(6));
  const { page } = await e2e.open({ width: WIDTH, height: 900 });
  await loadEverything(page, mock.url, report);

  const found: Record<string, Awaited<ReturnType<typeof misfits>>> = {};
  for (const lang of ["en", "zh"] as const) {
    await setLanguage(page, lang);
    for (const view of VIEW_NAMES) {
      await openView(page, view);
      found[`${lang} ${view}`] = await misfits(page);
    }
  }
  const problems = Object.entries(found).flatMap(([where, m]) => [
    ...(m.pageWidth > WIDTH ? [`${where}: the page is ${m.pageWidth} px wide (${m.wide.join("; ")})`] : []),
    ...m.clipped.map((c) => `${where}: ${c}`),
  ]);
  expect(problems).toEqual([]);
  // The views really held what was loaded (an empty view fits any window).
  await openView(page, "Reports");
  expect(await page.getByTestId("mean-faithfulness").count()).toBeGreaterThan(0);
}, 180_000);
