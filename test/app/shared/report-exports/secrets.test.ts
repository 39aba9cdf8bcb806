import { afterEach, describe, expect, it } from "vitest";
import { exportCsv, exportJson } from "../../../../src/app/shared/report-exports/exports";
import { secretsInUse } from "../../../../src/app/shared/report-exports/secrets";
import { useApp } from "../../../../src/app/shared/store";
import { FAKE_KEY, fakeReport } from "../../../storage/format/report-fixture";

/** The secrets the export buttons scrub (ReportExports.tsx, ShareLinkPanel.tsx): the key in Settings now. */
describe("secretsInUse", () => {
  afterEach(() => useApp.setState({ apiKey: "" }));

  it("is the API key in memory, trimmed; none when there is no key (or only blanks)", () => {
    useApp.setState({ apiKey: `  ${FAKE_KEY}\n` });
    expect(secretsInUse()).toEqual([FAKE_KEY]);
    useApp.setState({ apiKey: "" });
    expect(secretsInUse()).toEqual([]);
    useApp.setState({ apiKey: " \t " });
    expect(secretsInUse()).toEqual([]);
  });

  it("an export made with it carries no trace of the key typed with spaces around it", () => {
    const report = fakeReport();
    report.samples[0]!.answer = `${report.samples[0]!.answer} ${FAKE_KEY}`;
    useApp.setState({ apiKey: ` ${FAKE_KEY} ` });
    expect(exportJson(report, [])).toContain(FAKE_KEY);
    expect(exportJson(report, secretsInUse())).not.toContain(FAKE_KEY);
    expect(exportCsv(report, secretsInUse())).not.toContain(FAKE_KEY);
  });
});
