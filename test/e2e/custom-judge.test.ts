import { readFile } from "node:fs/promises";
import { expect, test } from "vitest";
import { button, tab, useMock } from "./browser";
import { useE2E } from "./context";
import { finished, importCsv } from "./runs-helpers";
import { isPing } from "./runs-trust-helpers";
import { download } from "./studio-helpers";

/**
 * Issue 16, what it must show 4 (second half): a judge written in the prompt studio runs on a
 * dataset and is in the exported report, with its definition, its k votes and their reasons.
 * The mock answers at random within each sent schema, as a schema-enforcing server would.
 */
const e2e = useE2E();

test("a custom judge made in the studio runs on a dataset and appears in the exported report", { timeout: 120_000 }, async () => {
  const mock = await e2e.mock({ schemaRandom: { seed: 5 } });
  const { page } = await e2e.open();
  await useMock(page, mock.url);

  await tab(page, "Prompts").click();
  await button(page, "New judge").click();
  await page.getByLabel("Judge name", { exact: true }).fill("Politeness");
  await page.getByLabel("Judge definition", { exact: true }).fill("The answer is polite and never blames the user.");
  await page.getByLabel("Judge scale", { exact: true }).selectOption("binary");
  await page.getByLabel("Judge strictness", { exact: true }).selectOption("3");
  await button(page, "Save judge").click();
  await expect.poll(() => page.getByText("Saved Politeness (version 1).").count()).toBe(1);

  await importCsv(page, "judge-4.csv", 4);
  const form = page.getByRole("form", { name: "New run" });
  for (const id of ["faithfulness", "context_recall"]) await form.getByRole("checkbox", { name: id, exact: true }).uncheck();
  await form.getByRole("checkbox", { name: "custom:politeness", exact: true }).check();
  // The estimate counts k = 3 votes per sample.
  await expect.poll(() => page.getByLabel("Before you start").innerText()).toContain("≈ 12 requests");
  mock.resetLog();
  await button(page, "Start run").click();
  await expect.poll(() => finished(page), { timeout: 60_000 }).toBe(4);
  await expect.poll(() => button(page, "Pause run").count()).toBe(0);
  // 4 samples x k = 3 votes; the run's connection check ("Reply with OK.") is no judge request.
  expect(mock.log.filter((r) => r.kind === "chat" && !isPing(r))).toHaveLength(12);

  const report = JSON.parse(await readFile(await download(page, "Export report"), "utf8"));
  expect(report.config.metrics).toEqual(["custom:politeness"]);
  expect(report.config.customJudges).toEqual([
    {
      slug: "politeness",
      name: "Politeness",
      definition: "The answer is polite and never blames the user.",
      inputs: ["question", "answer"],
      scale: "binary",
      strictness: 3,
      version: 1,
    },
  ]);
  expect(report.results).toHaveLength(4);
  for (const row of report.results) {
    const result = row.metrics["custom:politeness"];
    expect(result.trace.votes, row.sampleId).toHaveLength(3);
    for (const vote of result.trace.votes) {
      expect([0, 1]).toContain(vote.value);
      expect(vote.reason.length).toBeGreaterThan(0);
    }
    const yes = result.trace.votes.filter((v: { value: number }) => v.value === 1).length;
    expect(result.score, row.sampleId).toBe(yes >= 2 ? 1 : 0);
  }
  expect(report.summary["custom:politeness"].count).toBe(4);
});
