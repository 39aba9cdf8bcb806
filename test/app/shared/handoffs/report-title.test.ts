import { describe, expect, it } from "vitest";
import { exportHtml, makeShareLink } from "../../../../src/app/shared/report-exports/exports";
import { formatsFor } from "../../../../src/app/shared/i18n/format";
import { reportHeadLine } from "../../../../src/app/shared/report-exports/report-head";
import { useApp } from "../../../../src/app/shared/store";
import { currentReportsT } from "../../../../src/app/shared/report-exports/messages";

const catalogue = (lang: "en" | "zh") => {
  useApp.setState({ lang });
  return currentReportsT();
};
import { parseReport } from "../../../../src/storage/format/report-parse";
import { serializeReport } from "../../../../src/storage/format/report-build";
import { decodeShareLink, linkBodyOf } from "../../../../src/storage/format/share-link";
import { fakeReport } from "../../../storage/format/report-fixture";

/** A dataset run opened in Reports carries "dataset · run" as its title through its share link and HTML. */
describe("a report's title", () => {
  it("survives the file, a share link (plain and encrypted) and the HTML export", async () => {
    const report = { ...fakeReport(), title: "WikiEval 中文 · run 3" };
    const parsed = parseReport(serializeReport(report), "r.json");
    expect(parsed.ok && parsed.report.title).toBe("WikiEval 中文 · run 3");
    for (const password of [undefined, "pw"]) {
      const link = await makeShareLink(report, [], "http://app.example/", password ? { password } : {});
      const decoded = await decodeShareLink(linkBodyOf(new URL(link.url).hash)!, password);
      if (!decoded.ok) throw new Error(decoded.problem);
      const back = parseReport(decoded.text, "link");
      expect(back.ok && back.report.title).toBe("WikiEval 中文 · run 3");
    }
    expect(await exportHtml(report, [], {}, "en")).toContain("<title>WikiEval 中文 · run 3</title>");
  });

  it("reads an older report without one, and refuses an empty one", () => {
    const old = fakeReport();
    expect(parseReport(serializeReport(old), "r.json").ok).toBe(true);
    expect(parseReport(serializeReport({ ...old, title: "" }), "r.json").ok).toBe(false);
  });

  it("the header line gives the date in the reader's locale and labelled counts", () => {
    const r = { ...fakeReport(), createdAt: "2026-11-25T05:40:00.000Z" };
    const head = (report: typeof r, lang: "en" | "zh") => reportHeadLine(report, catalogue(lang).head, formatsFor(lang));
    const en = head(r, "en");
    expect(en).toMatch(/^created .*2026.* · judge judge · 2 samples · 2 metrics$/);
    expect(en).not.toContain("2026-11-25T");
    expect(head({ ...r, config: { ...r.config, metrics: ["bleu", "exact_match"] } }, "en")).toContain(" · no judge · ");
    expect(head(r, "zh")).toMatch(/^创建于 2026年11月25日.* · 评审模型 judge · 2 个样本 · 2 个指标$/);
  });
});
