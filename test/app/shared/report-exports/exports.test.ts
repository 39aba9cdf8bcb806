import { describe, expect, it } from "vitest";
import { exportCsv, exportHtml, exportJson, exportJsonl, exportParquet, makeShareLink } from "../../../../src/app/shared/report-exports/exports";
import { inertJson } from "../../../../src/app/shared/report-exports/html/report-html";
import Papa from "papaparse";
import { parseReport } from "../../../../src/storage/format/report-parse";
import { decodeShareLink, linkBodyOf } from "../../../../src/storage/format/share-link";
import { FAKE_KEY, fakeReport } from "../../../storage/format/report-fixture";

const LABELS = { title: "Report" };

/** A report that carries the key in text fields (as a hostile or careless file could). */
function leakyReport() {
  const r = fakeReport();
  r.samples[0]!.answer = `${r.samples[0]!.answer} ${FAKE_KEY}`;
  r.results[1]!.metrics.context_precision!.error!.message = `401 for key ${FAKE_KEY}`;
  return r;
}

const parseCsv = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

describe("Export CSV", () => {
  it("one row per sample, a score, code and reason column per metric; a coded null is empty, never 0", () => {
    const r0 = fakeReport();
    const text = exportCsv(r0, []);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(exportCsv(r0, [], { bom: false }).startsWith("id,")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([
      "id",
      "user_input",
      "retrieved_contexts",
      "response",
      "reference",
      "faithfulness",
      "faithfulness_error",
      "faithfulness_reason",
      "context_precision",
      "context_precision_error",
      "context_precision_reason",
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(0, 7)).toEqual([
      "s1",
      "Where does the Nile end?",
      '["The Nile empties into the Mediterranean Sea."]',
      "In the Mediterranean. It is long.",
      r0.samples[0]!.reference ?? "",
      "0.5",
      "",
    ]);
    expect(rows[2]![5]).toBe("");
    expect(rows[2]![6]).toBe("no_statements");
    expect(rows[2]![9]).toBe("missing_input");
  });

  it("defuses spreadsheet formulas in text cells", () => {
    const r = fakeReport();
    r.samples[1]!.question = '=HYPERLINK("http://evil","x")';
    expect(parseCsv(exportCsv(r, []))[2]![1]).toBe(`'\u2060=HYPERLINK("http://evil","x")`);
    expect(parseCsv(exportCsv(r, []))[1]![1]).toBe(r.samples[0]!.question);
  });
});

describe("no export carries the API key in use", () => {
  it("JSON, CSV, HTML and both kinds of share link", async () => {
    const r = leakyReport();
    const json = exportJson(r, [FAKE_KEY]);
    expect(json).not.toContain(FAKE_KEY);
    expect(json).toContain("[redacted]");
    expect(parseReport(json, "x.json").ok).toBe(true);
    expect(exportCsv(r, [FAKE_KEY])).not.toContain(FAKE_KEY);
    expect(exportJsonl(r, [FAKE_KEY])).not.toContain(FAKE_KEY);
    expect(new TextDecoder().decode(await exportParquet(r, [FAKE_KEY]))).not.toContain(FAKE_KEY);
    expect(await exportHtml(r, [FAKE_KEY], LABELS, "en")).not.toContain(FAKE_KEY);
    for (const options of [{}, { password: "pw" }, { summaryOnly: true }]) {
      const link = await makeShareLink(r, [FAKE_KEY], "http://app.example/", options);
      const decoded = await decodeShareLink(linkBodyOf(new URL(link.url).hash)!, "pw");
      expect(decoded.ok && decoded.text).not.toContain(FAKE_KEY);
      expect(decoded.ok && decoded.text).toContain("[redacted]");
    }
  });
});

describe("Export HTML", () => {
  it("keeps the report inert: no '<' inside the data block, a hash-only CSP, no URL to fetch", async () => {
    const r = fakeReport();
    r.samples[0]!.question = "</script><script>window.pwned=1</script><!-- <img src=x onerror=alert(1)>";
    const html = await exportHtml(r, [], LABELS, "en");
    const data = html.slice(html.indexOf('id="report-data">') + 17, html.indexOf("</script>", html.indexOf('id="report-data">')));
    expect(data).not.toMatch(/[<>]/);
    expect(JSON.parse(data).samples[0].question).toBe(r.samples[0]!.question);
    expect(html.match(/<script\b/g)).toHaveLength(3);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(html).not.toMatch(/<[^>]*\b(src|href)=/);
    // The viewer itself is in the file (vitest reads it through ?raw as the build does).
    expect(html).toContain('const report = read("report-data");');
    expect(inertJson({ a: "\u2028<!--" })).toBe('{"a":"\\u2028\\u003c!--"}');
  });

  it("titles an untitled report with its date in the UI language, not an ISO timestamp; says 'no judge' when no metric asked one", async () => {
    const labels = { title: "Ragas Playground report", model: "Judge model", noJudge: "no judge" };
    const zhLabels = { title: "Ragas Playground 报告", model: "评审模型", noJudge: "无评审模型" };
    const r = fakeReport();
    const en = await exportHtml(r, [], labels, "en");
    const zh = await exportHtml(r, [], zhLabels, "zh");
    const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)![1]!;
    const dateIn = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(r.createdAt));
    expect(titleOf(en)).toBe(`Ragas Playground report · ${dateIn("en")}`);
    expect(titleOf(zh)).toBe(`Ragas Playground 报告 · ${dateIn("zh-CN")}`);
    expect(titleOf(zh)).toMatch(/2025年/);
    for (const html of [en, zh]) expect(titleOf(html)).not.toMatch(/\d{4}-\d\d-\d\dT/);
    const labelsIn = (html: string) =>
      JSON.parse(html.slice(html.indexOf('id="report-labels">') + 19, html.indexOf("</script>", html.indexOf('id="report-labels">'))));
    expect(labelsIn(en).judgeLine).toBe("Judge model: judge");
    // The same report scored only with metrics that need no judge: no model to name.
    const free = fakeReport({ metrics: ["bleu", "exact_match"] });
    expect(labelsIn(await exportHtml(free, [], labels, "en")).judgeLine).toBe("no judge");
    expect(labelsIn(await exportHtml(free, [], zhLabels, "zh")).judgeLine).toBe("无评审模型");
  });
});
