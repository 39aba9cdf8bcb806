// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from "vitest";
import { exportHtml } from "../../../../../src/app/shared/report-exports/exports";
import { currentReportsT } from "../../../../../src/app/shared/report-exports/messages";
import type { Report } from "../../../../../src/storage/format/report-schema";
import { riverReport } from "./river-report";

/**
 * A 1,000-row HTML export (issue 19): the file's own viewer script (taken from the exported file
 * and run as it is) sorts by a metric with nulls last and filters by text (Chinese included) and
 * by a null score, with the counts the page shows. The browser test (test/e2e/exports.test.ts)
 * shows the same file's behaviour in Chromium, offline from disk, at 200 rows.
 */
let report: Report;
beforeAll(async () => {
  report = await riverReport(1000);
}, 120_000);

/** Loads the exported file's body (the inert JSON blocks) and runs its viewer script, as the file does when opened. */
function open(html: string): void {
  const body = html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"));
  const scripts = [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(scripts).toHaveLength(1);
  document.documentElement.lang = "en";
  document.body.innerHTML = body.replace(/<script>[\s\S]*?<\/script>/, "");
  new Function(scripts[0]!)();
}

const shownIds = () => [...document.querySelectorAll<HTMLElement>("details.row:not([hidden])")].map((e) => e.getAttribute("data-id") ?? "");
/** The metric id of the column sorted that way (the header shows the metric's name; the id is its key). */
const sortedBy = (dir: string) => document.querySelector(`[role=columnheader][aria-sort="${dir}"] button`)!.getAttribute("data-key");
const status = () => document.querySelector('[role="status"]')!.textContent;
const byLabel = <T extends HTMLElement>(label: string) => document.querySelector<T>(`[aria-label="${label}"]`)!;
function type(text: string) {
  const input = byLabel<HTMLInputElement>("Filter samples");
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}
function nullsOnly(on: boolean) {
  const box = [...document.querySelectorAll("label")].find((l) => l.textContent?.includes("with a null score only"))!.querySelector("input")!;
  box.checked = on;
  box.dispatchEvent(new Event("change", { bubbles: true }));
}

describe("the HTML export's viewer with 1,000 rows", { timeout: 120_000 }, () => {
  it("shows every row, sorts by a metric (descending first, nulls last either way) and filters by text and by null score", async () => {
    open(await exportHtml(report, [], { ...currentReportsT().html }, "en"));
    expect(status()).toBe("1000 of 1000 samples");
    expect(document.querySelectorAll("details.row")).toHaveLength(1000);

    const rouge = new Map(report.results.map((r) => [r.sampleId, r.metrics.rouge_l!.score]));
    const numbers = [...rouge.values()].filter((v): v is number => v !== null);
    const nulls = [...rouge.values()].filter((v) => v === null);
    expect(nulls).toHaveLength(100);
    const scoresShown = () => shownIds().map((id) => rouge.get(id));
    byLabel("Sort by rouge_l").click();
    expect(scoresShown()).toEqual([...[...numbers].sort((a, b) => b - a), ...nulls]);
    expect(sortedBy("descending")).toBe("rouge_l");
    byLabel("Sort by rouge_l").click();
    expect(scoresShown()).toEqual([...[...numbers].sort((a, b) => a - b), ...nulls]);
    byLabel("Sort by bleu").click();
    expect(sortedBy("descending")).toBe("bleu");

    // Text filter (Chinese), then only the rows with a null score, then both.
    type("第500题");
    expect(shownIds()).toEqual(["s500"]);
    type("长江");
    expect(status()).toBe("500 of 1000 samples");
    type("");
    nullsOnly(true);
    const nullIds = report.results.filter((r) => r.metrics.rouge_l!.score === null).map((r) => r.sampleId);
    expect(shownIds().sort()).toEqual([...nullIds].sort());
    expect(status()).toBe("100 of 1000 samples");
    type("长江");
    expect(status()).toBe("50 of 1000 samples");
  });
});
