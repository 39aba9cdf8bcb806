import { beforeEach, describe, expect, it } from "vitest";
import { openInReports, openRunInReports, takeHandedReport } from "../../../../src/app/shared/handoffs/open-in-reports";
import { useApp } from "../../../../src/app/shared/store";
import { parseReport } from "../../../../src/storage/format/report-parse";
import { fakeReport } from "../../../storage/format/report-fixture";

/**
 * The hand-off to the Reports view (the playground's "Open in Reports", a dataset run's): the app
 * switches to Reports, and the view, when it mounts, takes the report once (ReportsView.tsx).
 */
describe("openInReports / takeHandedReport", () => {
  beforeEach(() => {
    useApp.getState().setView("playground");
    takeHandedReport();
  });

  it("switches the app to Reports and hands the text over exactly once", () => {
    openInReports("result.json", '{"a":1}');
    expect(useApp.getState().view).toBe("reports");
    expect(takeHandedReport()).toEqual({ name: "result.json", text: '{"a":1}' });
    expect(takeHandedReport()).toBeNull();
  });

  it("the latest hand-off wins; nothing handed, nothing taken", () => {
    expect(takeHandedReport()).toBeNull();
    openInReports("first.json", "1");
    openInReports("second.json", "2");
    expect(takeHandedReport()).toEqual({ name: "second.json", text: "2" });
  });

  it("a dataset run goes under its title, which the handed file carries and parses back with the same results", () => {
    const report = fakeReport();
    openRunInReports(report, "WikiEval 中文 · run 3");
    expect(useApp.getState().view).toBe("reports");
    const handed = takeHandedReport()!;
    expect(handed.name).toBe("WikiEval 中文 · run 3");
    const parsed = parseReport(handed.text, handed.name);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    expect(parsed.report.title).toBe("WikiEval 中文 · run 3");
    expect(parsed.report.results).toEqual(report.results);
    expect(parsed.report.createdAt).toBe(report.createdAt);
    // The report given is not changed by the hand-off.
    expect(report.title).toBeUndefined();
  });
});
