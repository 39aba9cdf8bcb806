import { expect, test } from "vitest";
import { serializeReport } from "../../src/storage/format/report-build";
import { worseCandidatePair } from "../app/shared/explorer/paired-reports";
import { useE2E } from "./context";
import { importReport, openReportsTab } from "./report-helpers";
import { setLanguage } from "./views-helpers";

const e2e = useE2E();

/**
 * Issue 30's browser test: two runs of one dataset (the candidate's faithfulness worse by 0.25 on
 * every sample by construction, exact match flipped on two samples one way and the other) in the
 * Comparison table, with the verdict in words in English and Chinese, the minimum effect, the power
 * hint, the summary's interval and nulls, and a changed row's two traces side by side.
 */
test("the Comparison table of two runs: verdicts in words (en, zh), Holm p, minimum effect, power hint, both traces", async () => {
  const { base, candidate } = worseCandidatePair();
  const { page } = await e2e.open();
  await openReportsTab(page);
  await importReport(page, "base.json", serializeReport(base));
  // The summary's mean with its 95% interval and the nulls beside it.
  await expect.poll(() => page.getByTestId("ci-faithfulness").innerText()).toMatch(/^\[0\.\d\d, 0\.\d\d\]$/);
  expect(await page.getByTestId("over-faithfulness").innerText()).toBe("over 30 of 30");
  // exact_match is 0/1: Wilson's interval of 20 of 30 (statsmodels proportion_confint(20, 30, method="wilson") = 0.4878, 0.8077).
  expect(await page.getByTestId("ci-exact_match").innerText()).toBe("[0.49, 0.81]");

  await page.getByLabel("Compare with another report", { exact: true }).setInputFiles({
    name: "candidate.json",
    mimeType: "application/json",
    buffer: Buffer.from(serializeReport(candidate)),
  });
  const table = page.getByRole("table", { name: "Comparison", exact: true });
  await table.waitFor();
  const faith = table.getByTestId("comparison-faithfulness");
  const match = table.getByTestId("comparison-exact_match");
  await expect.poll(() => faith.getByTestId("verdict-faithfulness").innerText()).toBe("B is worse");
  // 29 pairs: s3 is null in the candidate, left out and counted.
  expect(await faith.innerText()).toMatch(/29\s+1 left out \(null on a side\)/);
  expect(await faith.innerText()).toMatch(/sign-flip permutation/);
  expect(await faith.getByTestId("difference-faithfulness").innerText()).toMatch(/^-0\.2\d \[-0\.\d\d, -0\.\d\d\]$/);
  expect(await faith.getByTestId("p-holm-faithfulness").innerText()).toBe("< 0.001");
  expect(await match.getByTestId("verdict-exact_match").innerText()).toMatch(/^No detectable difference\s+about \d+ pairs would detect a difference of 0\.05$/);
  expect(await match.innerText()).toMatch(/McNemar exact/);
  expect(await match.getByTestId("p-holm-exact_match").innerText()).toBe("1.000");

  // A minimum effect above the difference: no verdict, and the power hint beside it.
  await page.getByLabel("Minimum effect", { exact: true }).fill("0.3");
  await expect.poll(() => faith.getByTestId("verdict-faithfulness").innerText()).toMatch(/^No detectable difference\s+about \d+ pairs/);
  await page.getByLabel("Minimum effect", { exact: true }).fill("0");
  await expect.poll(() => faith.getByTestId("verdict-faithfulness").innerText()).toBe("B is worse");

  // The rows that changed most, each opening both traces side by side.
  const compare = page.getByRole("region", { name: "Report comparison" });
  await compare.getByRole("button", { name: "Compare sample s0" }).click();
  const left = page.getByRole("article", { name: "A: base.json · s0" });
  const right = page.getByRole("article", { name: "B: candidate.json · s0" });
  expect((await left.getByTestId("score-faithfulness").innerText()).trim()).toBe("0.45");
  expect((await right.getByTestId("score-faithfulness").innerText()).trim()).toBe("0.20");

  await setLanguage(page, "zh");
  const zhTable = page.getByRole("table", { name: "比较", exact: true });
  await expect.poll(() => zhTable.getByTestId("verdict-faithfulness").innerText()).toBe("B 更差");
  expect(await zhTable.getByTestId("verdict-exact_match").innerText()).toMatch(/^无可检测的差异\s+约需 \d+ 对样本才能检测出 0\.05 的差异$/);
  expect(await zhTable.getByTestId("comparison-faithfulness").innerText()).toMatch(/29\s+1 个未计入（一侧为空值）/);
});
