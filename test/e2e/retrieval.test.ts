import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { button, field, originOf, requestOrigins, statusLine, waitForIdle } from "./browser";
import { useE2E } from "./context";
import { chooseMetrics, importedByName, openDatasets } from "./runs-helpers";

const e2e = useE2E();
const PAPER = ["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"];

test("with no key, the playground scores the retrieval metrics from typed ids, and a dataset run shows its K-sweep; nothing is sent", async () => {
  const s = await e2e.open();
  const { page } = s;

  // Playground: ids typed one per line or comma-separated; d1 (relevant) is at rank 2, and d2, graded 3, at rank 3.
  await field(page, "Question").fill("Which document says it?");
  await field(page, "Answer").fill("The second one.");
  await field(page, "Retrieved ids").fill("d3\nd1, d3\nd2");
  await field(page, "Relevant ids").fill("d1");
  await field(page, "Relevance grades").fill("d2: 3");
  for (const id of PAPER) await page.getByRole("checkbox", { name: id, exact: true }).uncheck();
  for (const id of ["hit_rate", "mrr", "ndcg_at_k", "precision_at_k"]) await page.getByRole("checkbox", { name: id, exact: true }).check();
  await button(page, "Score").click();
  await waitForIdle(page);
  expect(await statusLine(page).innerText()).toMatch(/^Scored 4 metrics in \d+\.\d s\.$/);
  const score = async (id: "hit_rate" | "mrr" | "ndcg_at_k" | "precision_at_k") => (await page.getByTestId(`score-${id}`).innerText()).trim();
  expect(await score("hit_rate")).toBe("1.00");
  expect(await score("mrr")).toBe("0.50");
  // DCG = 1/log2(3) + 3/log2(4); the ideal ranks d2 (3) then d1 (1): 3 + 1/log2(3).
  expect(await score("ndcg_at_k")).toBe(((1 / Math.log2(3) + 3 / 2) / (3 + 1 / Math.log2(3))).toFixed(2));
  // Two relevant in the first 10, divided by 10 though only 3 were retrieved (the duplicate d3 is dropped).
  expect(await score("precision_at_k")).toBe("0.20");
  const items = page.locator('section[aria-label="mrr result"]').getByTestId("ranked-item");
  expect(await items.allInnerTexts()).toEqual([
    expect.stringMatching(/^1\s*d3$/),
    expect.stringMatching(/^2\s*d1\s*relevant$/),
    expect.stringMatching(/^3\s*d2\s*relevant · gain 3$/),
  ]);

  // A dataset run: the pandas-written CSV with ragas' id columns, imported by name, run with no key.
  await openDatasets(page);
  const csv = readFileSync(new URL("../fixtures/retrieval/samples-pandas.csv", import.meta.url));
  await page.getByLabel("Import dataset", { exact: true }).setInputFiles({ name: "ids.csv", mimeType: "text/csv", buffer: csv });
  await importedByName(page, "ids.csv", 3);
  await chooseMetrics(page, ["hit_rate", "ndcg_at_k", "recall_at_k"]);
  await button(page, "Start run").click();
  const panel = page.getByRole("region", { name: "Retrieval by rank" });
  await panel.waitFor({ timeout: 30_000 });
  expect(await panel.getByTestId("label-sources").innerText()).toBe(
    "Relevance labels: 3 samples from the reference ids, 0 from the context precision judge's per-context verdicts (samples without ids).",
  );
  // k = 1: only row 1 has a relevant id first (doc-7, grade 2 of R = 2); row 3 retrieved nothing.
  const rows = await panel.getByTestId("k-sweep-table").locator("tbody tr").allInnerTexts();
  expect(rows.map((r) => r.split(/\s+/).filter(Boolean))).toEqual([
    ["1", "0.333", "0.167", "0.333"],
    ["3", expect.any(String), expect.any(String), expect.any(String)],
    ["5", expect.any(String), expect.any(String), expect.any(String)],
    // Row 2 finds one of its two relevant ids (文档9, grade 0.5, is never retrieved): recall stays (1 + 1/2 + 0) / 3.
    ["10", "0.100", "0.500", expect.any(String)],
    ["20", "0.050", "0.500", expect.any(String)],
  ]);
  // The curves are drawn (uPlot, loaded on first use).
  await panel.getByTestId("k-sweep").locator("canvas").waitFor({ timeout: 20_000 });

  expect(requestOrigins(s)).toEqual([originOf(e2e.appUrl)]);
});
