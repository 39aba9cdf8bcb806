import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportHtml } from "../../../../src/app/shared/report-exports/exports";
import { runCli } from "../../../../src/cli/run";
import { parseReport } from "../../../../src/storage/format/report-parse";
import { type MockServer, startMockServer } from "../../../mock/server";

/**
 * The HTML export of a run stays one file a browser opens at once: its size with the judge's
 * traces (faithfulness and context_recall against the mock, every call's prompt and reply kept)
 * and without (the metrics that need no judge). `npm test` exports 40 rows and holds the size per
 * row to the 1,000-row bound; html-size.measure.ts (`npm run measure:runs`) exports the full 1,000
 * rows and prints the sizes for the README (1.3 MB and 1.6 MB there).
 */
const ROWS = Number(process.env.HTML_SIZE_ROWS ?? 40);
let mock: MockServer;
let dir: string;
beforeAll(async () => {
  mock = await startMockServer({ apiKey: "sk-size" });
  dir = mkdtempSync(join(tmpdir(), "html-size-"));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

function samples(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `s${i + 1}`,
    question: i % 2 ? `长江在哪个城市入海？（第${i}题）` : `Where does the river in city ${i} reach the sea?`,
    answer: i % 2 ? "长江在上海入海。它是中国最长的河流。" : `It reaches the sea at port ${i}. It is ${i} km long.`,
    contexts: [i % 2 ? "长江流经上海，在上海注入东海。" : `The river of city ${i} ends at port ${i}, ${i} km from its source.`, "Rivers carry sediment."],
    reference: i % 2 ? "长江在上海入海。" : `At port ${i}.`,
  }));
}

async function htmlOf(metrics: string, judged: boolean): Promise<{ html: string; rows: number }> {
  const input = join(dir, `in-${metrics}.json`);
  const out = join(dir, `r-${metrics}.json`);
  writeFileSync(input, JSON.stringify(samples(ROWS)));
  let err = "";
  const judge = judged ? ["--base-url", mock.url, "--model", "mock-judge", "--api-key", "sk-size", "--concurrency", "32"] : [];
  const code = await runCli(["score", "--input", input, "--metrics", metrics, ...judge, "--out", out, "--no-cache"], {
    stdout: { write: () => true },
    stderr: { write: (t: string) => (err += t) },
    env: {},
  });
  expect(code, err).toBe(0);
  const parsed = parseReport(readFileSync(out, "utf8"), out);
  if (!parsed.ok) throw parsed.error;
  return { html: await exportHtml(parsed.report, [], {}, "en"), rows: parsed.report.samples.length };
}

describe(`the HTML export of ${ROWS} rows`, { timeout: 120_000 }, () => {
  it("with judge traces and without: every row inside, sizes printed, 1,000 such rows well under 25 MB", async () => {
    const plain = await htmlOf("bleu,rouge_l,exact_match", false);
    const judged = await htmlOf("faithfulness,context_recall", true);
    for (const { html, rows } of [plain, judged]) {
      expect(rows).toBe(ROWS);
      expect(html).toContain(`"id":"s${ROWS}"`);
      expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-/);
    }
    const mb = (s: string) => (new TextEncoder().encode(s).length / 1e6).toFixed(1);
    console.log(
      `[html-size] ${ROWS} rows: ${mb(plain.html)} MB with bleu, rouge_l, exact_match; ${mb(judged.html)} MB with faithfulness and context_recall traces`,
    );
    // One file a browser and a mail attachment take: 1,000 such rows well under the 25 MB many mail
    // servers cap at (the page's own script and styles are counted in full, so this overstates).
    expect((new TextEncoder().encode(judged.html).length / ROWS) * 1000).toBeLessThan(25e6 / 4);
  });
});
