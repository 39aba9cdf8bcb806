import { expect, test } from "vitest";
import { button, closeSettings, field, openSettings, useMock } from "./browser";
import { MOCK_MODEL } from "./fixtures";
import { useE2E } from "./context";
import { finished, importCsv, openDatasets, progress, sampleOfBody, storedResults } from "./runs-helpers";
import { isPing } from "./runs-trust-helpers";

/**
 * What-it-must-show 1: a 200-row dataset run against the mock with faults injected, the page
 * reloaded in the middle, the run resumed: every row ends scored or with a coded null, and no
 * finished row is asked about again (the mock's log, by sample).
 */
const e2e = useE2E();

test("200 rows with faults: reload mid-run, Resume run finishes it; every row scored or coded, none asked twice", { timeout: 240_000 }, async () => {
  const mock = await e2e.mock({ latencyMs: 40, faults: { rate500: 0.04, rateMalformed: 0.04, seed: 11 } });
  const { page } = await e2e.open();
  await useMock(page, mock.url);
  await importCsv(page, "faults-200.csv", 200);

  await page.getByLabel("Concurrency").fill("6");
  // The estimate is there before starting: requests for 200 rows x (faithfulness 2 + recall 1).
  await expect.poll(() => page.getByLabel("Before you start").innerText()).toContain("≈ 600 requests");
  await button(page, "Start run").click();
  await expect.poll(() => finished(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(50);
  // The URL names the run (issue 17): the reload lands on it, not on the playground.
  await page.reload();
  await progress(page).waitFor({ state: "visible", timeout: 20_000 });

  const before = await storedResults(page);
  const done = new Set(before.map((r) => r.sampleId));
  expect(done.size).toBeGreaterThanOrEqual(50);
  expect(done.size).toBeLessThan(200);

  // The key lived in memory only: the reload forgot it, so enter it again. No retries from here
  // on, so some 500s become llm_error nulls for "Retry failed" below.
  await useMock(page, mock.url);
  await openSettings(page);
  await field(page, "Retries").fill("0");
  await closeSettings(page);
  await openDatasets(page);
  await page
    .getByRole("navigation", { name: "Stored datasets" })
    .getByRole("button", { name: /faults-200/ })
    .first()
    .click();
  await expect.poll(() => page.getByText("This run was interrupted").count()).toBe(1);
  expect(await finished(page)).toBe(done.size);

  mock.resetLog();
  await button(page, "Resume run").click();
  await expect.poll(() => finished(page), { timeout: 120_000 }).toBe(200);
  await expect.poll(() => button(page, "Pause run").count()).toBe(0);

  // The run's own requests (the connection check before a resume asks about no sample).
  const chat = mock.log.filter((r) => r.kind === "chat" && !isPing(r));
  const asked = chat.map((r) => sampleOfBody(r.body));
  expect(
    asked.filter((id) => done.has(id)),
    "no request for a row finished before the reload",
  ).toEqual([]);
  // Work, retries aside: per row at most 3 clean first answers (2 faithfulness + 1 recall) plus one repair per malformed reply.
  const perSample = new Map<string, { clean: number; malformed: number }>();
  for (const r of chat) {
    const id = sampleOfBody(r.body);
    const c = perSample.get(id) ?? { clean: 0, malformed: 0 };
    if (r.fault === "malformed") c.malformed++;
    else if (r.status === 200) c.clean++;
    perSample.set(id, c);
  }
  for (const [id, c] of perSample) expect(c.clean, id).toBeLessThanOrEqual(3 + c.malformed);
  expect(chat.some((r) => r.fault)).toBe(true);

  const after = await storedResults(page);
  expect(after).toHaveLength(200);
  expect(new Set(after.map((r) => r.sampleId)).size).toBe(200);
  let nulls = 0;
  for (const row of after) {
    for (const id of ["faithfulness", "context_recall"]) {
      const m = row.metrics[id]!;
      expect(m, `${row.sampleId} ${id}`).toBeDefined();
      if (m.score === null) {
        nulls++;
        expect(m.code, `${row.sampleId} ${id}`).toMatch(/^(llm_error|parse_error|no_statements|internal_error)$/);
      } else expect(m.score).toBeGreaterThanOrEqual(0);
    }
  }
  // Retry failed: asks again only about the rows whose null came from an error.
  const retryable = new Set(
    after.filter((r) => Object.values(r.metrics).some((m) => m.code === "llm_error" || m.code === "parse_error")).map((r) => r.sampleId),
  );
  expect(retryable.size, "some 500s became llm_error nulls").toBeGreaterThan(0);
  // A run keeps the models it started with: a model changed in Settings since does not leak in.
  await openSettings(page);
  await field(page, "Model").fill("changed-in-settings");
  await closeSettings(page);
  mock.resetLog();
  await button(page, "Retry failed").click();
  // Over once it has asked something and is no longer live (nothing in flight at the mock).
  await expect
    .poll(async () => mock.log.some((r) => r.kind === "chat" && !isPing(r)) && mock.inFlight === 0 && (await button(page, "Pause run").count()) === 0, {
      timeout: 30_000,
      interval: 50,
    })
    .toBe(true);
  const retried = new Set(mock.log.filter((r) => r.kind === "chat" && !isPing(r)).map((r) => sampleOfBody(r.body)));
  expect(new Set(mock.log.filter((r) => r.kind === "chat").map((r) => r.model))).toEqual(new Set([MOCK_MODEL]));
  expect(retried.size).toBeGreaterThan(0);
  expect(
    [...retried].filter((id) => !retryable.has(id)),
    "no request for a row without an error null",
  ).toEqual([]);
  const final = await storedResults(page);
  expect(final).toHaveLength(200);
  const left = final.filter((r) => Object.values(r.metrics).some((m) => m.code === "llm_error" || m.code === "parse_error")).length;
  expect(left).toBeLessThan(retryable.size);
  console.log(`[runs e2e] retry failed: ${retryable.size} rows with error nulls, ${retried.size} asked again, ${left} still failing`);

  // The results explorer shows the finished run.
  await page.getByRole("region", { name: "Results explorer" }).waitFor({ timeout: 20_000 });
  console.log(`[runs e2e] ${done.size} rows finished before the reload, ${chat.length} chat requests after it, ${nulls} coded nulls of 400`);
});

test("each run chooses its judge model: two runs of one dataset with two models, each asked with its own", { timeout: 120_000 }, async () => {
  const mock = await e2e.mock();
  const { page } = await e2e.open();
  await useMock(page, mock.url);
  await importCsv(page, "models-6.csv", 6);
  for (const model of ["judge-a", "judge-b"]) {
    mock.resetLog();
    await page.getByLabel("Run judge model", { exact: true }).fill(model);
    await button(page, "Start run").click();
    // Faithfulness (2 calls) and context recall (1) on 6 rows, then the run is no longer live.
    const chats = () => mock.log.filter((r) => r.kind === "chat" && !isPing(r) && r.status === 200).length;
    await expect.poll(async () => chats() >= 18 && (await button(page, "Pause run").count()) === 0, { timeout: 60_000 }).toBe(true);
    expect(await finished(page)).toBe(6);
    const models = new Set(mock.log.filter((r) => r.kind === "chat").map((r) => r.model));
    expect(models, model).toEqual(new Set([model]));
  }
});
