import { afterEach, describe, expect, it } from "vitest";
import { openReportLink, reportName } from "../../../src/app/reports/open-report";
import { currentReportsT } from "../../../src/app/shared/report-exports/messages";
import { useApp } from "../../../src/app/shared/store";
import { serializeReport } from "../../../src/storage/format/report-build";
import { encodeShareLink } from "../../../src/storage/format/share-link";
import { fakeReport } from "../../storage/format/report-fixture";

/** Issue 19: an untitled report from a share link is named in the language shown, also after a switch. */
afterEach(() => useApp.setState({ lang: "en" }));

async function openedFromLink(title?: string) {
  const report = fakeReport();
  if (title !== undefined) report.title = title;
  const body = await encodeShareLink(serializeReport(report));
  // Opened while the UI was in English: the name it carries is the English one.
  const outcome = await openReportLink(body, undefined, currentReportsT().fromLink);
  if (!outcome.ok) throw new Error("the link did not open");
  return outcome.opened;
}

describe("reportName", () => {
  it("an untitled report from a link is 'Shared report' in English and 分享的报告 after switching to Chinese", async () => {
    const opened = await openedFromLink();
    expect(opened.fromLink).toBe(true);
    expect(reportName(opened, currentReportsT())).toBe("Shared report");
    useApp.setState({ lang: "zh" });
    expect(reportName(opened, currentReportsT())).toBe("分享的报告");
  });

  it("a titled report keeps its title; a file keeps its file name", async () => {
    const titled = await openedFromLink("WikiEval · run 3");
    useApp.setState({ lang: "zh" });
    expect(reportName(titled, currentReportsT())).toBe("WikiEval · run 3");
    expect(reportName({ report: fakeReport(), name: "run-a.json" }, currentReportsT())).toBe("run-a.json");
  });
});
