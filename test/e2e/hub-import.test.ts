import { expect, test } from "vitest";
import { button } from "./browser";
import { useE2E } from "./context";
import { openDatasets } from "./runs-helpers";

/**
 * "Import from Hugging Face" in the Datasets view, through a local stand-in of the dataset
 * viewer's rows API (Playwright answers https://datasets-server.huggingface.co/rows itself, so no
 * request leaves the machine): a row range over two pages, progress, then the mapping step and
 * the stored dataset; Cancel stops a slow fetch and imports nothing.
 */
const e2e = useE2E({ allowOrigins: ["https://datasets-server.huggingface.co"] });
const TOTAL = 250;

function page(offset: number, length: number) {
  const rows = [];
  for (let i = offset; i < Math.min(TOTAL, offset + length); i++) {
    rows.push({
      row_idx: i,
      row: {
        user_input: `问题 ${i}: how tall is the tower in city ${i}?`,
        retrieved_contexts: [`The tower in city ${i} is ${i} m tall.`, `City ${i} has "one" tower.`],
        response: `It is ${i} metres tall.`,
        reference: `${i} m.`,
      },
      truncated_cells: [],
    });
  }
  return { features: [], rows, num_rows_total: TOTAL, num_rows_per_page: 100, partial: false };
}

test("Import from Hugging Face: a dataset by name, a row range, progress, the mapping step; Cancel imports nothing", { timeout: 90_000 }, async () => {
  const s = await e2e.open();
  const seen: string[] = [];
  let slow = false;
  await s.context.route("https://datasets-server.huggingface.co/**", async (route) => {
    const url = new URL(route.request().url());
    seen.push(
      `${url.pathname}?${url.searchParams.get("dataset")}/${url.searchParams.get("split")}@${url.searchParams.get("offset")}+${url.searchParams.get("length")}`,
    );
    if (slow) await new Promise((r) => setTimeout(r, 3000));
    await route
      .fulfill({
        status: 200,
        contentType: "application/json",
        headers: { "access-control-allow-origin": "*" },
        body: JSON.stringify(page(Number(url.searchParams.get("offset")), Number(url.searchParams.get("length")))),
      })
      .catch(() => undefined);
  });
  const { page: p } = s;
  await openDatasets(p);
  await p.getByLabel("Hugging Face dataset", { exact: true }).fill("someone/towers");
  await p.getByLabel("Hugging Face split", { exact: true }).fill("test");
  await p.getByLabel("First row", { exact: true }).fill("20");
  await p.getByLabel("Rows to import", { exact: true }).fill("120");
  await button(p, "Import from Hugging Face").click();
  const mapping = p.getByRole("region", { name: "Column mapping" });
  await expect.poll(() => mapping.count(), { timeout: 20_000 }).toBe(1);
  await expect.poll(() => mapping.innerText(), { timeout: 20_000 }).toContain("All 120 rows are valid.");
  expect(seen).toEqual(["/rows?someone/towers/test@20+100", "/rows?someone/towers/test@120+20"]);
  await mapping.getByRole("button", { name: "Import", exact: true }).click();
  await p.getByRole("form", { name: "New run" }).waitFor();
  expect(await p.locator(".view").innerText()).toContain("问题 20: how tall is the tower in city 20?");

  // A slow server: Cancel stops the fetch, nothing is imported, the button is back.
  slow = true;
  await p.getByLabel("Hugging Face dataset", { exact: true }).fill("someone/towers");
  await p.getByLabel("Rows to import", { exact: true }).fill("120");
  await button(p, "Import from Hugging Face").click();
  const status = p.getByRole("status", { name: "Hugging Face import progress" });
  await expect.poll(() => status.innerText()).toContain("0 of 120 rows fetched");
  await status.getByRole("button", { name: "Cancel" }).click();
  await expect.poll(() => status.count()).toBe(0);
  expect(await p.getByRole("region", { name: "Column mapping" }).count()).toBe(0);
  expect(await button(p, "Import from Hugging Face").isEnabled()).toBe(true);
});
