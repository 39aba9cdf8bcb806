import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { expectedAnswer, type RagServer, startRagServer } from "../target/rag-server";
import { button, field, tab, useMock } from "./browser";
import { useE2E } from "./context";
import { chooseMetrics, finished, importedByName } from "./runs-helpers";

/**
 * Issue 29, what-it-must-show 3, in the page: a test set (questions, no answers) imported; the
 * target filled in (a secret Authorization header); "Test with one row" shows the request, the reply
 * and what each path picked; "Ask your system" against the stand-in RAG server; a reload mid-way
 * (the secret header is gone with the page's memory and typed again); Resume asks the server
 * nothing it already answered; "Score these answers" scores them. Then the stand-in refuses CORS,
 * and the same test says so in words. The token is never stored.
 */
const origins: string[] = [];
const e2e = useE2E({ allowOrigins: origins });
const TOKEN = "rag-token-5d1e8c2b";
const ROWS = 12;
const questions = Array.from({ length: ROWS }, (_, i) => (i % 3 === 2 ? `埃菲尔铁塔 ${i + 1} 有多高？` : `How tall is tower ${i + 1}?`));

const csv = `question,reference\n${questions.map((q, i) => `${q},Reference ${i + 1}.`).join("\n")}\n`;
const askProgress = (page: Page) => page.getByRole("progressbar", { name: "Ask progress" });
const asked = async (page: Page) => Number(await askProgress(page).getAttribute("value"));

/** Every stored row of the app's database (or of one store), as text (to look for what must never be there). */
function everythingStored(page: Page, only?: string): Promise<string> {
  return page.evaluate(
    (only) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open("ragas-playground");
        open.onerror = () => reject(open.error);
        open.onsuccess = async () => {
          const db = open.result;
          const stores = only ? [only] : [...db.objectStoreNames];
          const all = await Promise.all(
            stores.map(
              (name) =>
                new Promise<unknown>((done) => {
                  const req = db.transaction(name).objectStore(name).getAll();
                  req.onsuccess = () => done(req.result);
                  req.onerror = () => done(null);
                }),
            ),
          );
          db.close();
          resolve(JSON.stringify(only ? all[0] : all));
        };
      }),
    only,
  );
}

/** Answers the stored rows hold, by question. */
function storedAnswers(page: Page): Promise<Record<string, { answer: string; contexts: string[]; status?: number }>> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("ragas-playground");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction("datasetRows").objectStore("datasetRows").getAll();
          req.onsuccess = () => {
            db.close();
            const rows = req.result as { sample: { question: string; answer: string; contexts: string[] }; asked?: { status?: number } }[];
            resolve(
              Object.fromEntries(
                rows
                  .filter((r) => r.sample.answer !== "")
                  .map((r) => [r.sample.question, { answer: r.sample.answer, contexts: r.sample.contexts, status: r.asked?.status }]),
              ),
            );
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

async function fillTarget(page: Page, server: RagServer): Promise<void> {
  await field(page, "Target URL").fill(`${server.url}/invoke`);
  await button(page, "+ Add header").click();
  await page.getByLabel("Header 1 value", { exact: true }).fill(`Bearer ${TOKEN}`);
}

test("a test set asked of the stand-in, reloaded mid-way, resumed asking nothing twice, scored; a CORS refusal said in words", {
  timeout: 180_000,
}, async () => {
  const server = await startRagServer({ token: TOKEN, latencyMs: 250 });
  origins.push(server.url);
  try {
    const mock = await e2e.mock();
    const { page } = await e2e.open();
    await useMock(page, mock.url);
    await tab(page, "Datasets").click();
    await page.getByLabel("Import dataset", { exact: true }).setInputFiles({ name: "questions.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await importedByName(page, "questions.csv", ROWS);

    // The target: the LangServe defaults (body, paths) fit the stand-in's /invoke; a secret header.
    await fillTarget(page, server);
    await button(page, "Test with one row").click();
    const shown = page.getByRole("region", { name: "Test with one row result" });
    const first = expectedAnswer(questions[0]!);
    await expect.poll(() => shown.innerText(), { timeout: 20_000 }).toContain(first.answer);
    const text = await shown.innerText();
    expect(text).toContain(`POST ${server.url}/invoke`);
    expect(text).toContain(`{"input":{"input":"${questions[0]}"}}`);
    expect(text).toContain("Reply: HTTP 200");
    expect(text).toContain(JSON.stringify(first.contexts[0]));
    expect(text).toContain(JSON.stringify(first.contextIds[0]));
    expect(text, "the secret header is redacted in what is shown").not.toContain(TOKEN);

    // Ask, one call at a time, and reload once a few rows are in.
    await page.getByLabel("Parallel calls", { exact: true }).fill("1");
    await button(page, "Ask your system").click();
    await expect.poll(() => asked(page), { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    await page.reload();
    const before = await storedAnswers(page);
    const answeredBefore = Object.keys(before);
    expect(answeredBefore.length).toBeGreaterThanOrEqual(3);
    expect(answeredBefore.length).toBeLessThan(ROWS);
    const mark = server.log.length;

    // The job is announced as interrupted; the secret header lived in memory only: type it again
    // (and the judge's key, for the scoring).
    await useMock(page, mock.url);
    await tab(page, "Datasets").click();
    await page
      .getByRole("navigation", { name: "Stored datasets" })
      .getByRole("button", { name: /questions/ })
      .first()
      .click();
    await expect.poll(() => page.getByText("Interrupted (the page was closed or reloaded)", { exact: false }).count(), { timeout: 20_000 }).toBe(1);
    expect(await field(page, "Target URL").inputValue()).toBe(`${server.url}/invoke`);
    expect(await page.getByLabel("Header 1 value", { exact: true }).inputValue()).toBe("");
    await page.getByLabel("Header 1 value", { exact: true }).fill(`Bearer ${TOKEN}`);
    server.configure({ latencyMs: 0 });
    await button(page, "Resume asking").click();
    await expect.poll(() => asked(page), { timeout: 60_000 }).toBe(ROWS);

    const after = server.log.slice(mark).filter((r) => r.path === "/invoke" && r.status === 200);
    expect(
      after.map((r) => r.question).filter((q) => answeredBefore.includes(q)),
      "no question answered before the reload is asked again",
    ).toEqual([]);
    const answers = await storedAnswers(page);
    for (const question of questions) {
      const expected = expectedAnswer(question);
      expect(answers[question]).toEqual({ answer: expected.answer, contexts: expected.contexts, status: 200 });
    }
    expect(await page.getByText(/latency p50 \d+ ms · p95 \d+ ms/).count()).toBe(1);

    // One click to score (the run form's metrics first: the judge-free-of-embeddings pair).
    await chooseMetrics(page, ["faithfulness"]);
    await button(page, "Score these answers").click();
    await expect.poll(() => finished(page), { timeout: 90_000 }).toBe(ROWS);

    // The run keeps where its answers came from (its report's per-sample target stamps and p50 / p95).
    const run = JSON.parse(await everythingStored(page, "runs")) as { target?: { url: string; method: string; stamps: Record<string, { status?: number }> } }[];
    expect(run).toHaveLength(1);
    expect(run[0]?.target?.url).toBe(`${server.url}/invoke`);
    expect(Object.values(run[0]?.target?.stamps ?? {}).map((s) => s.status)).toEqual(Array(ROWS).fill(200));

    // The token never reached storage (nor the console: the e2e context checks keys it saw typed).
    expect(await everythingStored(page)).not.toContain(TOKEN);

    // The stand-in stops allowing this page: Test with one row says what the server must allow.
    server.configure({ cors: false });
    await button(page, "Test with one row").click();
    const alert = shown.getByRole("alert");
    await expect.poll(() => alert.count(), { timeout: 20_000 }).toBe(1);
    const appOrigin = new URL(page.url()).origin;
    expect(await alert.innerText()).toBe(
      `The server at ${server.url}/invoke is up, but the browser refused its reply (CORS): it does not allow this page. The server must answer with “Access-Control-Allow-Origin: ${appOrigin}” (or *), and answer the preflight OPTIONS request with “Access-Control-Allow-Methods: POST” and “Access-Control-Allow-Headers: content-type, authorization”. In FastAPI: app.add_middleware(CORSMiddleware, allow_origins=["${appOrigin}"], allow_methods=["*"], allow_headers=["*"]).`,
    );
  } finally {
    await server.close();
  }
});
