import { describe, expect, it } from "vitest";
import { openReportFile, openReportLink, openReportText } from "../../../src/app/reports/open-report";
import { currentReportsT } from "../../../src/app/shared/report-exports/messages";
import { useApp } from "../../../src/app/shared/store";
import { serializeReport } from "../../../src/storage/format/report";
import { encodeShareLink } from "../../../src/storage/format/share-link";
import { fakeReport } from "../../storage/format/report-fixture";

const MB = 1024 * 1024;
const reportJson = serializeReport(fakeReport());

/** A file of a given size whose text is read only if asked (a real 100 MB file is not needed to test the limit). */
function sizedFile(name: string, size: number, text: string): { file: File; reads: () => number } {
  let reads = 0;
  const file = {
    name,
    size,
    text: async () => {
      reads++;
      return text;
    },
  } as unknown as File;
  return { file, reads: () => reads };
}

const messageIn = (lang: "en" | "zh", outcome: Awaited<ReturnType<typeof openReportFile>>) => {
  if (outcome.ok) throw new Error("expected a refusal");
  useApp.setState({ lang });
  return outcome.message(currentReportsT());
};

describe("opening a report file", () => {
  it("refuses a file over 100 MB before reading it, naming the file and the limit in both languages", async () => {
    const big = sizedFile("huge.json", 100 * MB + 1, reportJson);
    const outcome = await openReportFile(big.file);
    expect(big.reads()).toBe(0);
    expect(messageIn("en", outcome)).toBe("huge.json: the file is larger than 100 MB; this is not a report this app can open.");
    expect(messageIn("zh", outcome)).toBe("huge.json：文件超过 100 MB，不是本应用可以打开的报告。");
  });

  it("reads a file of exactly 100 MB (the limit is 'larger than')", async () => {
    const atLimit = sizedFile("limit.json", 100 * MB, reportJson);
    const outcome = await openReportFile(atLimit.file);
    expect(atLimit.reads()).toBe(1);
    expect(outcome.ok).toBe(true);
  });

  it("opens a valid report: the parsed report, its name and its text, no migration", async () => {
    const outcome = await openReportFile(new File([reportJson], "run.json", { type: "application/json" }));
    if (!outcome.ok) throw new Error("expected the report to open");
    expect(outcome.opened.name).toBe("run.json");
    expect(outcome.opened.text).toBe(reportJson);
    expect(outcome.opened.report.samples.map((s) => s.id)).toEqual(["s1", "s2"]);
    expect(outcome.opened.report.config.metrics).toEqual(["faithfulness", "context_precision"]);
    expect(outcome.opened).not.toHaveProperty("migratedFrom");
  });

  it("says which version an older report was migrated from", async () => {
    const v1 = JSON.stringify({ ...JSON.parse(reportJson), version: 1 });
    const outcome = await openReportFile(new File([v1], "old.json"));
    expect(outcome.ok && outcome.opened.migratedFrom).toBe(1);
  });

  it("a file that cannot be read as text is refused with its name", async () => {
    const unreadable = { name: "locked.json", size: 10, text: () => Promise.reject(new Error("NotReadableError")) } as unknown as File;
    expect(messageIn("en", await openReportFile(unreadable))).toBe("locked.json: could not be read as text.");
  });

  it("text that is not a report is refused with parseReport's message, which names the file", () => {
    const outcome = openReportText('{"version": 2, "samples": "nope"}', "odd.json");
    if (outcome.ok) throw new Error("expected a refusal");
    const message = outcome.message(currentReportsT());
    expect(message).toMatch(/^odd\.json/);
    expect(outcome.problem).toBeUndefined();
  });
});

describe("the reasons the Reports view shows for a refused file (moved from the browser test reports-hostile)", () => {
  // The view shows t.refused(outcome.message(t)) for a refused file (ReportsView); these are its texts.
  const refusal = (text: string, name: string) => {
    const outcome = openReportText(text, name);
    if (outcome.ok) throw new Error("expected a refusal");
    useApp.setState({ lang: "en" });
    const t = currentReportsT();
    return t.refused(outcome.message(t));
  };

  it("a wrong type names the JSON path; a newer version, truncated JSON and JSON that is not a report say so", () => {
    const wrongType = JSON.parse(reportJson);
    wrongType.results[0].metrics.faithfulness.score = "0.9";
    expect(refusal(JSON.stringify(wrongType), "wrong-type.json")).toMatch(
      /^Not opened, nothing was stored\. wrong-type\.json: results\[0\]\.metrics\.faithfulness\.score: /,
    );
    expect(refusal(JSON.stringify({ ...JSON.parse(reportJson), version: 99 }), "newer.json")).toMatch(/newer Ragas Playground \(report version 99\)/);
    expect(refusal(reportJson.slice(0, Math.floor(reportJson.length / 2)), "truncated.json")).toMatch(/truncated\.json: not valid JSON/);
    expect(refusal(JSON.stringify({ hello: "<script>window.__pwned=1</script>" }), "not-a-report.json")).toMatch(/not a Ragas Playground report/);
  });

  it("a 20 MB answer opens, kept whole (the browser test shows the table clipping a long one)", () => {
    const huge = JSON.parse(reportJson);
    huge.samples[0].answer = `<script>window.__pwned=1</script>${"x".repeat(20 * 1024 * 1024)}`;
    const outcome = openReportText(JSON.stringify(huge), "huge.json");
    if (!outcome.ok) throw new Error("expected the report to open");
    expect(outcome.opened.report.samples[0]!.answer).toHaveLength(33 + 20 * 1024 * 1024);
  });

  it("a damaged link and one from a newer app say so", async () => {
    useApp.setState({ lang: "en" });
    const damaged = await openReportLink("r1.AAAA-not-deflate", undefined, "share link");
    expect(damaged.ok === false && damaged.message(currentReportsT())).toMatch(/damaged or cut short/);
    const newer = await openReportLink("r9.abc", undefined, "share link");
    expect(newer.ok === false && newer.message(currentReportsT())).toMatch(/newer Ragas Playground/);
  });
});

describe("opening a share link", () => {
  it("a plain link opens the same report, named as the caller says", async () => {
    const outcome = await openReportLink(await encodeShareLink(reportJson), undefined, "share link");
    if (!outcome.ok) throw new Error("expected the link to open");
    expect(outcome.opened.name).toBe("share link");
    expect(outcome.opened.text).toBe(reportJson);
  });

  it("a password link: no password -> needs_password, a wrong one -> wrong_password, the right one opens", { timeout: 30_000 }, async () => {
    const body = await encodeShareLink(reportJson, "correct horse");
    const none = await openReportLink(body, undefined, "share link");
    expect(none.ok === false && none.problem).toBe("needs_password");
    const wrong = await openReportLink(body, "battery staple", "share link");
    expect(wrong.ok === false && wrong.problem).toBe("wrong_password");
    expect(messageIn("en", wrong)).toBe("Wrong password (or the link was changed). Check the password and try again.");
    expect(messageIn("zh", wrong)).toBe("密码错误（或链接被改动）。请检查密码后重试。");
    const right = await openReportLink(body, "correct horse", "share link");
    expect(right.ok && right.opened.report.samples.length).toBe(2);
  });

  it("a link that is not one is refused with not_a_link; a cut one with damaged", async () => {
    const notLink = await openReportLink("hello", undefined, "share link");
    expect(notLink.ok === false && notLink.problem).toBe("not_a_link");
    const body = await encodeShareLink(reportJson);
    const cut = await openReportLink(body.slice(0, body.length / 2), undefined, "share link");
    expect(cut.ok === false && cut.problem).toBe("damaged");
  });
});
