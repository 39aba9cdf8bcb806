import { readFileSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { shownOrder } from "../../src/engine/agreement/baselines";
import { tally } from "../../src/engine/agreement/stats";
import { checkAgreementFile } from "../../src/storage/format/agreement-check";
import { parseAgreementFile } from "../../src/storage/format/agreement-file";
import { words } from "../mock/brains/agreement";
import { runCliInProcess } from "../cli/spawn-cli";
import { fixturePath } from "../fixture-path";
import { button, useMock, tab } from "./browser";
import { useE2E } from "./context";

const e2e = useE2E();
const KEY = "sk-agreement-e2e-5566778899";
const INPUT = fixturePath("wikieval", "WikiEval_samples_10.jsonl");
const raw = readFileSync(INPUT, "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as { answer: string; ungrounded_answer: string; poor_answer: string; context_v1: string[]; context_v2: string[] });
const strip = (s: string) => s.replace(/^\s*Answer:\s*/i, "");
const TASKS = ["faithfulness", "answer_relevancy", "context_relevance"] as const;

function candidates(task: string, i: number): [string, string] {
  const r = raw[i]!;
  if (task === "faithfulness") return [strip(r.answer), strip(r.ungrounded_answer)];
  if (task === "answer_relevancy") return [strip(r.answer), strip(r.poor_answer)];
  return [r.context_v1.join("\n\n"), r.context_v2.join("\n\n")];
}

/**
 * The accuracy the scripted judge (test/mock/brains/agreement.ts) must reach, from the data alone:
 * GPT Score rates min(10, floor(words / 10)), longer wins; GPT Ranking picks the shorter, the shown-first on equal length.
 * People prefer side a in every WikiEval pair.
 */
function expectedAccuracy(method: "gpt_score" | "gpt_ranking", task: string): string {
  const outcomes = raw.map((_, i) => {
    const [a, b] = candidates(task, i).map(words) as [number, number];
    if (method === "gpt_score") {
      const [ra, rb] = [Math.min(10, Math.floor(a / 10)), Math.min(10, Math.floor(b / 10))];
      return { predicted: ra === rb ? ("tie" as const) : ra > rb ? ("a" as const) : ("b" as const), human: "a" as const };
    }
    const predicted = a === b ? shownOrder("wikieval", task as never, String(i + 1))[0] : a < b ? "a" : "b";
    return { predicted, human: "a" as const };
  });
  return tally(outcomes).accuracy.toFixed(2);
}

/**
 * Ragas on the ten rows with the mock's metric brains (word overlap, hashed embeddings), as the CLI
 * computes it against the same mock: the CLI test recomputes each figure from its traces, and the
 * browser must show the same ones. (The child-process CLI is test/cli/agreement-e2e.test.ts's.)
 */
async function ragasByCli(mockUrl: string): Promise<{ accuracy: Record<string, string>; path: string }> {
  const dir = await mkdtemp(join(tmpdir(), "agreement-e2e-"));
  const out = join(dir, "ragas.json");
  // The CLI's own command in this process (no child process to start): the same file it writes.
  const run = await runCliInProcess(
    ["agreement", "--input", INPUT, "--base-url", mockUrl, "--model", "mock-judge", "--embedding-model", "mock-embedding", "--methods", "ragas", "--out", out],
    { env: { OPENAI_API_KEY: KEY } },
  );
  expect(run.code, run.stderr).toBe(0);
  const file = parseAgreementFile(JSON.parse(await readFile(out, "utf8")));
  return { accuracy: Object.fromEntries(file.rows.filter((r) => r.method === "ragas").map((r) => [r.task, r.accuracy.toFixed(2)])), path: out };
}

const cell = (page: Page, method: string, task: string) => page.locator(`[data-cell="${method}/${task}"] .accuracy`);

test("Agreement: the ten WikiEval rows from a file, three tasks by Ragas, GPT Score and GPT Ranking, Table 1 with the paper beside it", async () => {
  const mock = await e2e.mock({ apiKey: KEY });
  const cli = await ragasByCli(mock.url);
  const RAGAS = cli.accuracy;
  expect(Object.keys(RAGAS).sort()).toEqual([...TASKS].sort());
  const { page } = await e2e.open();
  await useMock(page, mock.url, KEY);
  await tab(page, "Agreement").click();
  await page.getByLabel("Import agreement data", { exact: true }).setInputFiles(INPUT);
  await expect.poll(() => page.getByRole("status", { name: "Agreement data status" }).innerText()).toBe("10 rows from WikiEval_samples_10.jsonl");
  // Issue 19: the first rows as they will be judged: prefixes removed (and said so), contexts split.
  const preview = page.getByRole("table", { name: "Agreement data preview" });
  expect(await preview.locator("tbody tr").count()).toBe(5);
  expect(await page.locator(".agreement-preview").innerText()).toContain('Removed: "Question: " from 10 questions, "Answer: " from 10 answers.');
  const firstRow = preview.locator("tbody tr").first();
  expect(await firstRow.locator('td[data-field="answer"]').innerText()).toMatch(/^"Answer: " removed\s+The PSLV-C56 mission is scheduled/);
  expect(await firstRow.locator('td[data-field="context_v1"] .agreement-list-as').innerText()).toBe("1 context · JSON list");
  const fifth = preview.locator("tbody tr").nth(4);
  expect(await fifth.locator('td[data-field="context_v2"] .agreement-list-as').innerText()).toBe("2 contexts · JSON list");
  expect(await fifth.locator('td[data-field="context_v2"] li').count()).toBe(2);
  // Long cells show their start and their length.
  expect(await firstRow.locator('td[data-field="context_v1"] li').first().innerText()).toMatch(/… \([\d,]+ characters\)$/);
  // A 420 px window: the page does not scroll sideways, the preview scrolls inside its own box.
  await page.setViewportSize({ width: 420, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
  expect(await preview.evaluate((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Per row: Ragas 8 chat + 2 embeddings, GPT Score 6, GPT Ranking 3.
  expect(await page.getByLabel("Agreement estimate").innerText()).toMatch(
    /^Estimate: 190 requests \(20 embeddings\), about [\d,]+ tokens, .* · 19 requests per row$/,
  );

  await button(page, "Run agreement").click();
  await cell(page, "gpt_ranking", "context_relevance").waitFor({ timeout: 60_000 });
  expect(await page.getByRole("status", { name: "Agreement status" }).innerText()).toBe("Finished: 90 pairs judged and saved.");
  // Per row: Ragas 6 judgements, GPT Score 6, GPT Ranking 3. The mock's models have no price: named, never $0.
  const progressLine = await page.getByTestId("agreement-progress-line").innerText();
  expect(progressLine).toMatch(
    /^150 of 150 judgements · elapsed \d+ s · ETA 0 s · ([\d,]+) tokens · cost unknown: no price for mock-(judge|embedding), mock-(judge|embedding) \(Settings → Prices\)$/,
  );
  expect(await page.getByRole("progressbar", { name: "Agreement progress" }).getAttribute("value")).toBe("150");

  for (const task of TASKS) {
    expect(await cell(page, "ragas", task).innerText(), `ragas/${task}`).toBe(RAGAS[task]);
    expect(await cell(page, "gpt_score", task).innerText(), `gpt_score/${task}`).toBe(expectedAccuracy("gpt_score", task));
    expect(await cell(page, "gpt_ranking", task).innerText(), `gpt_ranking/${task}`).toBe(expectedAccuracy("gpt_ranking", task));
  }
  const table = await page.getByRole("table", { name: "Agreement table" }).innerText();
  expect(table).toContain("paper 0.95");
  expect(table).toContain("paper 0.40");
  expect(table).toMatch(/\[0\.\d\d–[01]\.\d\d\]/);
  // The table's title sits above its (sideways scrolling) box and describes it.
  const described = await page.getByRole("table", { name: "Agreement table" }).getAttribute("aria-describedby");
  expect(await page.locator(`[id="${described}"]`).innerText()).toContain("95% Wilson score interval");

  // Drill-down: the ranking's pairs, each with its recorded shown order.
  await page.locator('[data-cell="gpt_ranking/faithfulness"]').click();
  const pairs = page.getByRole("region", { name: "Agreement pairs" });
  await expect.poll(() => pairs.locator(".pair-list > li").count()).toBe(10);
  await pairs.locator("summary").first().click();
  expect(await pairs.locator(".pair-side").first().innerText()).toMatch(/shown first: [AB] · chose [AB] · Candidate 1 has \d+ words/);
  // Ragas pairs show both traces with the playground's trace views.
  await page.locator('[data-cell="ragas/faithfulness"]').click();
  await pairs.locator("summary").first().click();
  expect(await pairs.locator(".pair-list > li").first().locator(".pair-side").count()).toBe(2);
  expect(await pairs.locator(".pair-list > li").first().innerText()).toMatch(/statement/i);
  // Issue 19: what was judged is beside the traces: the question, each side's answer; numbered once (by id).
  const first = pairs.locator(".pair-list > li").first();
  expect(await first.locator(".pair-question").innerText()).toMatch(/^Question: \S/);
  expect(await first.locator(".pair-side .pair-text").count()).toBe(2);
  expect(await first.locator(".pair-side .pair-text").first().innerText()).toMatch(/^Judged text: \S/);
  expect(await pairs.locator(".pair-list").evaluate((el) => getComputedStyle(el).listStyleType)).toBe("none");

  // Stored in IndexedDB and exported as the contract-10 file; every figure follows from its traces.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page
      .getByRole("button", { name: /^Export agreement / })
      .first()
      .click(),
  ]);
  const text = await readFile(await download.path(), "utf8");
  expect(text).not.toContain(KEY);
  const file = parseAgreementFile(JSON.parse(text));
  expect(checkAgreementFile(file)).toEqual([]);
  // What the run spent: the estimate's 190 requests and the connection check; the line showed its tokens.
  expect(file.usage).toMatchObject({ requests: 191, chatRequests: 171, embeddingRequests: 20, cachedRequests: 0 });
  const tokens = file.usage!.promptTokens + file.usage!.completionTokens;
  expect(progressLine).toContain(` · ${tokens.toLocaleString("en")} tokens · `);
  const saved = page.getByRole("region", { name: "Saved agreement runs" });
  expect(await saved.getByTestId("agreement-usage").first().innerText()).toMatch(
    new RegExp(
      `^191 requests · ${file.usage!.promptTokens.toLocaleString("en")} prompt \\+ ${file.usage!.completionTokens.toLocaleString("en")} completion tokens · cost unknown: `,
    ),
  );
  expect(file.rows).toHaveLength(9);
  expect(file.config).toMatchObject({
    baseURL: mock.url,
    methods: ["ragas", "gpt_score", "gpt_ranking"],
    interval: "wilson-95",
    source: "WikiEval_samples_10.jsonl",
  });

  // A second run (GPT Score only, labelled) shows beside the first, cell by cell.
  await page.getByLabel("Run label", { exact: true }).fill("score-only");
  await page.getByRole("checkbox", { name: "Ragas" }).uncheck();
  await page.getByRole("checkbox", { name: "GPT Ranking" }).uncheck();
  expect(await page.getByLabel("Agreement estimate").innerText()).toMatch(/^Estimate: 60 requests \(0 embeddings\)/);
  await button(page, "Run agreement").click();
  const both = page.locator('[data-cell="gpt_score/faithfulness"]');
  await expect.poll(() => both.count(), { timeout: 30_000 }).toBe(2);
  expect(await both.first().innerText()).toMatch(new RegExp(`^score-only: ${expectedAccuracy("gpt_score", "faithfulness")} `));
  expect(await both.nth(1).innerText()).toMatch(new RegExp(`^mock-judge #1: ${expectedAccuracy("gpt_score", "faithfulness")} `));
  expect(await page.locator('[data-cell="ragas/faithfulness"]').count()).toBe(1);
  // The same ratings again: answered by the response cache, so only the connection check is a request.
  expect(await saved.getByTestId("agreement-usage").first().innerText()).toMatch(/^1 request · .* · 60 from the cache$/);

  // A file the CLI wrote opens beside them, with what it spent.
  const written = parseAgreementFile(JSON.parse(await readFile(cli.path, "utf8")));
  await page.getByLabel("Open agreement file", { exact: true }).setInputFiles(cli.path);
  await expect.poll(() => page.getByRole("status", { name: "Agreement status" }).innerText()).toBe("Opened ragas.json.");
  expect(await saved.getByTestId("agreement-usage").first().innerText()).toMatch(new RegExp(`^${written.usage!.requests} requests · `));

  // A reload brings the stored runs back (the newest shown).
  await page.reload();
  await tab(page, "Agreement").click();
  await expect.poll(() => cell(page, "gpt_score", "faithfulness").innerText()).toBe(expectedAccuracy("gpt_score", "faithfulness"));
  expect(await page.getByRole("region", { name: "Saved agreement runs" }).locator("li").count()).toBe(3);
});
