import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parquetReadObjects } from "hyparquet";
import { expect, test } from "vitest";
import { TESTSET_COLUMNS } from "../../src/app/datasets/export-testset";
import { parseDocuments } from "../../src/documents/parse";
import { testsetSampleSchema } from "../../src/engine/testset/types";
import { parseCsv } from "../../src/storage/format/csv";
import { chunkDocument } from "../../src/engine/text/chunk";
import type { Page } from "playwright-core";
import { generateTestset } from "../../src/engine/testset";
import { createEmbedder, createJudge } from "../../src/llm";
import type { MockRequestRecord } from "../mock/options";
import { repeatedRequests } from "../mock/request-log";
import { closeSettings, fillSettings, tab } from "./browser";
import { useE2E } from "./context";
import { setLanguage } from "./views-helpers";

const e2e = useE2E();
const CORPUS = join(import.meta.dirname, "../fixtures/documents/corpus");
// The README's screenshots are rewritten only when asked (UPDATE_SCREENSHOTS=1): `npm test` must leave
// a clone as it found it, and a headless shell's pixels differ from the full browser's by a hover tint.
const SHOTS =
  process.env.UPDATE_SCREENSHOTS === "1" ? resolve(import.meta.dirname, "../../docs/screenshots") : mkdtempSync(join(tmpdir(), "ragas-documents-shots-"));

test("documents dropped in Datasets are parsed in the browser's worker to the same text and chunks as in Node, each skipped one named with its reason; en and zh at 1280 and 420 px", async () => {
  const names = readdirSync(CORPUS).sort();
  const files = names.map((name) => ({ name, buffer: readFileSync(join(CORPUS, name)) }));
  // What the CLI's side reads from the same files: the browser must agree on every count.
  const node = await parseDocuments(files.map((f) => ({ path: f.name, bytes: new Uint8Array(f.buffer) })));
  const expected = node.map((r) =>
    r.ok ? `${r.document.path} ${chunkDocument(r.document).length} chunks ${r.document.text.length}` : `${r.skipped.path} ${r.skipped.reason}`,
  );

  const { page } = await e2e.open();
  await page.setViewportSize({ width: 1280, height: 900 });
  await tab(page, "Datasets").click();
  const input = page.getByLabel("Choose documents", { exact: true });
  await input.waitFor({ state: "attached" });
  // Dropped through the file input (playwright cannot synthesize an OS drag with files); the drop path shares addDocuments.
  await input.setInputFiles(files.map((f) => ({ name: f.name, mimeType: "application/octet-stream", buffer: f.buffer })));
  const region = page.getByRole("region", { name: "Import documents" });
  await expect.poll(() => region.getByRole("status").innerText(), { timeout: 60_000 }).toBe("10 documents, 23 chunks; 5 skipped.");
  // each line: the document's name, then its chunks and characters or why it was skipped
  const items = await region
    .getByRole("list", { name: "Documents" })
    .getByRole("listitem")
    .evaluateAll((lis) => lis.map((li) => [...li.querySelectorAll("span")].map((span) => span.textContent ?? "")));
  const REASONS: Record<string, string> = {
    "skipped: empty": "empty",
    "skipped: too short": "too_short",
    "skipped: unreadable": "unreadable",
    "skipped: a scanned PDF (no text)": "scanned_pdf",
  };
  const seen = items.map(([name = "", detail = ""]) => {
    const counts = /^(\d+) chunks? · ([\d,]+) characters$/.exec(detail);
    return counts ? `${name} ${counts[1]} chunks ${counts[2]?.replace(/,/g, "")}` : `${name} ${REASONS[detail] ?? detail}`;
  });
  expect(seen.sort()).toEqual([...expected].sort());

  await region.screenshot({ path: join(SHOTS, "documents-import-en-1280.png") });
  await page.setViewportSize({ width: 420, height: 900 });
  await region.screenshot({ path: join(SHOTS, "documents-import-en-420.png") });
  await setLanguage(page, "zh");
  const zh = page.getByRole("region", { name: "导入文档" });
  expect(await zh.getByRole("status").innerText()).toBe("10 个文档，23 个文本块；跳过 5 个。");
  await zh.screenshot({ path: join(SHOTS, "documents-import-zh-420.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  await zh.screenshot({ path: join(SHOTS, "documents-import-zh-1280.png") });

  // Generate 10 questions from them against the mock server; the result is a dataset in Datasets.
  await setLanguage(page, "en");
  const mock = await e2e.mock();
  await fillSettings(page, { baseURL: mock.url, apiKey: "sk-e2e-generate", model: "mock-judge", embeddingModel: "mock-embedding" });
  await closeSettings(page);
  const generate = region.getByRole("region", { name: "Generate test set" });
  expect(await generate.getByText(/^Estimate: \d+ chat calls, \d+ embedding requests, ~[\d,]+ input and ~[\d,]+ output tokens\.$/).count()).toBe(1);
  await generate.getByRole("button", { name: "Generate test set", exact: true }).click();
  await expect.poll(() => generate.getByRole("status").count(), { timeout: 120_000 }).toBe(1);
  const done = await generate.getByRole("status").innerText();
  expect(done).toMatch(/^10 of 10 questions stored as dataset “test set”; \d+ requests \(0 from the cache\), [\d,]+ tokens\./);
  expect(done).toContain("The rows have no answer yet");
  // coverage: every question draws on at least one parsed document, and the per-document counts say which
  const perDocument = await generate.getByLabel("Questions per document", { exact: true }).locator("dd").allInnerTexts();
  const counted = perDocument.map((text) => /^(\S+) (\d+)$/.exec(text.trim()));
  expect(counted.every((m) => m !== null && expected.some((e) => e.startsWith(`${m[1]} `) && e.includes(" chunks ")))).toBe(true);
  expect(counted.reduce((n, m) => n + Number(m?.[2] ?? 0), 0)).toBeGreaterThanOrEqual(10);
  await expect.poll(() => page.locator('table[aria-label="Dataset rows"] tbody tr').count()).toBe(10);
  await generate.screenshot({ path: join(SHOTS, "generate-testset-en-1280.png") });

  // Export: the generated set as ragas's test set (contract 12's columns), every row's list cells JSON.
  const { filename, header, records, lines } = await exportedCsv(page);
  expect(filename).toBe("test-set.csv");
  expect(header).toEqual([...TESTSET_COLUMNS]);
  expect(records).toHaveLength(10);
  const column = (name: string) => records.map((r) => r.fields[TESTSET_COLUMNS.indexOf(name as (typeof TESTSET_COLUMNS)[number])] ?? "");
  expect(
    lines.every((l) => l.reference_contexts.length === l.sources.length && l.reference_context_ids.length === l.sources.length && l.sources.length > 0),
  ).toBe(true);
  expect(new Set(column("user_input")).size).toBe(10);
  // parquet: the same lines, the two text lists as real list columns (pd.read_parquet gives lists)
  const [parquet] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export dataset parquet", exact: true }).click()]);
  expect(parquet.suggestedFilename()).toBe("test-set.parquet");
  const bytes = await readFile(await parquet.path());
  const rows = (await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer })) as Record<
    string,
    unknown
  >[];
  expect(rows.map((r) => r.user_input)).toEqual(column("user_input"));
  expect(rows.map((r) => r.reference_contexts)).toEqual(lines.map((l) => l.reference_contexts));

  // Must-show 3 in the page: a reload mid-generation, then Resume. The server holds every request
  // after the first 8; once their replies are in the page's cache, the page reloads.
  await generate.getByLabel("Mode", { exact: true }).selectOption("quick");
  await generate.getByLabel("Questions", { exact: true }).fill("6");
  await generate.getByLabel("Test set name", { exact: true }).fill("resumed set");
  const cachedBefore = await cachedReplies(page);
  mock.resetLog();
  mock.gate.hold();
  mock.gate.allow(8);
  await generate.getByRole("button", { name: "Generate test set", exact: true }).click();
  await expect.poll(() => mock.gate.parked, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => cachedReplies(page), { timeout: 30_000 }).toBe(cachedBefore + replied(mock.log).length);
  const answeredBefore = replied(mock.log).length;
  expect(answeredBefore).toBe(8);
  await page.reload();
  await expect.poll(() => mock.gate.parked, { timeout: 30_000 }).toBe(0);
  mock.gate.release();
  // The key lived in memory only: enter it again. The documents are gone; the generation kept its chunks.
  await fillSettings(page, { apiKey: "sk-e2e-generate" });
  await closeSettings(page);
  await tab(page, "Datasets").click();
  const again = page.getByRole("region", { name: "Generate test set" });
  await expect
    .poll(() => again.getByRole("alert").innerText(), { timeout: 20_000 })
    .toMatch(/^A generation was interrupted .*“resumed set”, 6 questions from 10 documents\./);
  await again.getByRole("button", { name: "Resume generation", exact: true }).click();
  await expect.poll(() => again.getByRole("status").count(), { timeout: 120_000 }).toBe(1);
  const resumed = await again.getByRole("status").innerText();
  const served = /^(\d+) of 6 questions stored as dataset “resumed set”; \d+ requests \((\d+) from the cache\)/.exec(resumed);
  expect(served, resumed).not.toBeNull();
  expect(Number(served?.[2])).toBeGreaterThanOrEqual(answeredBefore);
  expect(repeatedRequests(replied(mock.log)), "no request answered before the reload is sent again").toEqual([]);

  // The same lines as one uninterrupted generation with the same seed (the engine in Node, same chunks, same server).
  const chunks = node.flatMap((r) => (r.ok ? chunkDocument(r.document) : []));
  const config = { baseURL: mock.url, apiKey: "sk-e2e-generate", model: "mock-judge", embeddingModel: "mock-embedding" };
  const straight = await generateTestset(
    chunks.map(({ id, document, start, end, text }) => ({ id, document, start, end, text })),
    { size: 6, mode: "quick", language: "auto", checks: ["grounded", "standalone", "leakage", "duplicate"], seed: 1, concurrency: 4 },
    { judge: createJudge(config), embedder: createEmbedder(config) },
  );
  expect(Number(served?.[1])).toBe(straight.samples.length);
  const exported = await exportedCsv(page);
  expect(exported.filename).toBe("resumed-set.csv");
  expect(exported.lines).toEqual(straight.samples);
});

/** The open dataset exported as CSV: ragas's test-set columns, the list cells JSON, read back as contract-12 lines. */
async function exportedCsv(page: Page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export dataset CSV", exact: true }).click()]);
  const [header, ...records] = parseCsv(await readFile(await download.path(), "utf8"));
  const lines = testsetSampleSchema
    .array()
    .parse(
      records.map((r) =>
        Object.fromEntries(
          TESTSET_COLUMNS.map((c, i) => [
            c,
            ["reference_contexts", "reference_context_ids", "sources", "checks"].includes(c) ? JSON.parse(r.fields[i] ?? "") : r.fields[i],
          ]),
        ),
      ),
    );
  return { filename: download.suggestedFilename(), header: header?.fields, records, lines };
}

/** Replies in the page's reply cache (IndexedDB). */
function cachedReplies(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("ragas-playground");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction("responseCache").objectStore("responseCache").count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

/** Requests the server answered with a reply. */
const replied = (log: readonly MockRequestRecord[]) => log.filter((r) => (r.kind === "chat" || r.kind === "embedding") && r.status === 200);
