// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { exportHtml } from "../../../../../src/app/shared/report-exports/exports";
import { currentReportsT } from "../../../../../src/app/shared/report-exports/messages";
import { useApp } from "../../../../../src/app/shared/store";
import { metricSummaryOf } from "../../../../../src/storage/format/report-schema";
import { pairedReport } from "../../explorer/paired-reports";

/** Loads the exported file's body and runs its viewer script, as the file does when opened. */
function open(html: string): void {
  document.documentElement.lang = html.match(/<html lang="([^"]+)">/)![1]!;
  const body = html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"));
  const script = body.match(/<script>([\s\S]*?)<\/script>/)![1]!;
  document.body.innerHTML = body.replace(/<script>[\s\S]*?<\/script>/, "");
  new Function(script)();
}

const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;
const card = (id: string) => [...document.querySelectorAll(".card")].find((c) => c.querySelector(`[data-testid="mean-${id}"]`))!;

describe("the HTML export's intervals (contract 14)", () => {
  // 30 samples, s4's faithfulness a null; thresholds on both metrics.
  const report = pairedReport(
    Array.from({ length: 30 }, (_, i) => (i === 4 ? null : ((i * 7) % 11) / 20 + 0.45)),
    Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 0 : 1) as 0 | 1),
    "judge-a",
    { faithfulness: 0.7, exact_match: 1 },
  );

  it("each card shows the report's 95% interval with the nulls beside it, and the pass rate with its interval, in the export's language", async () => {
    const faith = metricSummaryOf(report.summary, "faithfulness")!;
    const [lo, hi] = faith.ci95!;
    useApp.setState({ lang: "en" });
    open(await exportHtml(report, [], { ...currentReportsT().html }, "en"));
    expect(text("ci-faithfulness")).toBe(`[${lo.toFixed(2)}, ${hi.toFixed(2)}]`);
    expect(card("faithfulness").querySelector(".ci")!.textContent).toBe(`95% CI [${lo.toFixed(2)}, ${hi.toFixed(2)}] · over 29 of 30`);
    // statsmodels proportion_confint(20, 30, method="wilson") = (0.4878, 0.8077).
    expect(text("ci-exact_match")).toBe("[0.49, 0.81]");
    expect(text("pass-rate-exact_match")).toBe("0.67");
    expect(card("exact_match").textContent).toContain("Pass rate 0.67 [0.49, 0.81]");
    expect(text("pass-rate-faithfulness")).toBe((faith.passRate ?? Number.NaN).toFixed(2));

    useApp.setState({ lang: "zh" });
    open(await exportHtml(report, [], { ...currentReportsT().html }, "zh"));
    expect(card("faithfulness").querySelector(".ci")!.textContent).toBe(`95% 置信区间 [${lo.toFixed(2)}, ${hi.toFixed(2)}] · 基于 30 个中的 29 个`);
    expect(card("exact_match").textContent).toContain("通过率 0.67 [0.49, 0.81]");
    useApp.setState({ lang: "en" });
  });
});
