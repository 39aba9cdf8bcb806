import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportHtml, MAX_LINK_CHARS, makeShareLink } from "../../../../src/app/shared/report-exports/exports";
import { currentReportsT } from "../../../../src/app/shared/report-exports/messages";
import { openReportLink } from "../../../../src/app/reports/open-report";
import { parseReport } from "../../../../src/storage/format/report-parse";
import { linkBodyOf } from "../../../../src/storage/format/share-link";
import { cliReport, wikiEvalSamples } from "../../../e2e/report-fixtures";
import { type MockServer, startMockServer } from "../../../mock/server";

/**
 * Share-link lengths of a 50-sample report made by the CLI (every metric against the mock, as the
 * Reports view gets it from a file): full, with a password and summary only, printed for the README;
 * the password link opens again with its password. The browser test (test/e2e/reports-link-limit)
 * shows the same for the playground's 1-sample report through the UI, and Chromium's URL limit.
 */
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(async () => {
  await mock.close();
});

describe("share links of a 50-sample CLI report", { timeout: 120_000 }, () => {
  it("are shorter than the file, fit the link limit, and the password link opens with its password", async () => {
    const text = await cliReport(mock.url, wikiEvalSamples(50));
    const parsed = parseReport(text, "fifty.json");
    if (!parsed.ok) throw parsed.error;
    const report = parsed.report;
    expect(report.samples).toHaveLength(50);
    const base = "http://127.0.0.1:4173/";
    const plain = await makeShareLink(report, [], base, {});
    const sealed = await makeShareLink(report, [], base, { password: "a share password" });
    const slim = await makeShareLink(report, [], base, { summaryOnly: true });
    expect(plain.url).toMatch(/#report=r1\./);
    expect(sealed.url).toMatch(/#report=r1e\./);
    expect(plain.url.length).toBeLessThan(text.length);
    for (const link of [plain, sealed, slim]) {
      expect(link.fits).toBe(true);
      expect(link.url.length).toBeLessThan(MAX_LINK_CHARS);
    }

    const opened = await openReportLink(linkBodyOf(new URL(sealed.url).hash)!, "a share password", "share link");
    if (!opened.ok) throw new Error("expected the password link to open");
    expect(opened.opened.report.summary.faithfulness).toEqual(report.summary.faithfulness);
    expect(opened.opened.report.samples).toHaveLength(50);

    const html = await exportHtml(report, [], { ...currentReportsT().html }, "en");
    console.log(
      `[reports] 50 samples (CLI): file ${text.length} B; HTML export ${html.length} B; link ${plain.url.length} chars, with password ${sealed.url.length}, summary only ${slim.url.length} (${(plain.url.length / 50).toFixed(0)} chars/sample)`,
    );
  });
});
