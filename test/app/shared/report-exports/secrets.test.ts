import { afterEach, describe, expect, it } from "vitest";
import { exportCsv, exportJson } from "../../../../src/app/shared/report-exports/exports";
import { secretsInUse } from "../../../../src/app/shared/report-exports/secrets";
import { useApp } from "../../../../src/app/shared/store";
import { FAKE_KEY, fakeReport } from "../../../storage/format/report-fixture";

/** The secrets the export buttons scrub (ReportExports.tsx, ShareLinkPanel.tsx): the key in Settings now. */
describe("secretsInUse", () => {
  const settings = useApp.getState().settings;
  afterEach(() => useApp.setState({ apiKey: "", settings }));

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

  it("holds the credentials of the base URLs too (?api-key=, user:password@), with the key", () => {
    useApp.setState({
      apiKey: FAKE_KEY,
      settings: { ...settings, baseURL: "https://proxy.example/v1?api-key=URLKEY-1234&api-version=1", embeddingBaseURL: "https://ann:PW-5678@emb.example/v1" },
    });
    expect(secretsInUse()).toEqual([FAKE_KEY, "URLKEY-1234", "PW-5678"]);
  });
});
