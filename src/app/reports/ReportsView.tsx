import { FileButton } from "../shared/ui/FileButton";
import { useFormats } from "../shared/i18n/format";
import { type DragEvent, useCallback, useEffect, useState } from "react";
import { REPORT_VERSION } from "../../storage/format/report-schema";
import { keepReport } from "../../storage/db/kept-reports";
import { ReportCompare } from "../shared/explorer/ReportCompare";
import { ResultsExplorer } from "../shared/explorer/ResultsExplorer";
import { appDb } from "../shared/persist/db";
import { useApp } from "../shared/store";
import { KeptReports } from "./KeptReports";
import { useReportsT, type ReportsMessages } from "../shared/report-exports/messages";
import { reportHeadParts } from "../shared/report-exports/report-head";
import { takeHandedReport } from "../shared/handoffs/open-in-reports";
import { openReportFile, openReportText, type OpenedReport, type OpenOutcome, reportName } from "./open-report";
import { PasswordGate } from "./PasswordGate";
import { useShareLink } from "./useShareLink";
import "../styles/reports.css";
import { useEnglishName } from "../shared/i18n/accessible-name";

type Notice = { kind: "info" | "error"; text: (t: ReportsMessages) => string } | null;

/**
 * The Reports tab: open a report (file input, drop, share link), read-only, with the results
 * explorer, a comparison with another report, and "Keep report". Nothing is stored before Keep.
 */
export default function ReportsView() {
  const named = useEnglishName();
  const t = useReportsT();
  const fmt = useFormats();
  // The open report is kept in the shared workspace: switching views and back keeps it open.
  const opened = useApp((s) => s.workspace.report);
  const [other, setOther] = useState<OpenedReport | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const kept = Boolean(opened?.keptId);
  const [keptVersion, setKeptVersion] = useState(0);
  const [dragging, setDragging] = useState(false);

  const onOutcome = useCallback((outcome: OpenOutcome) => {
    if (!outcome.ok) {
      // A refused file leaves what was open as it was.
      setNotice({ kind: "error", text: (m) => m.refused(outcome.message(m)) });
      return;
    }
    const o = outcome.opened;
    // Only a kept report has an id for the URL (#/reports/<id>); a file or link clears it.
    useApp.getState().setWorkspace({ report: o, reportId: o.keptId ?? null });
    setOther(null);
    setNotice({
      kind: "info",
      text: (m) =>
        m.opened(o.report.title ?? (o.fromLink ? m.fromLink : o.name)) + (o.migratedFrom !== undefined ? ` ${m.migrated(o.migratedFrom, REPORT_VERSION)}` : ""),
    });
  }, []);

  const link = useShareLink(onOutcome, t.fromLink);

  // A report handed over by the playground ("Open in Reports") goes through the same parse path as a file.
  useEffect(() => {
    const handed = takeHandedReport();
    if (handed) onOutcome(openReportText(handed.text, handed.name));
  }, [onOutcome]);

  const fromFile = async (file: File, then: (outcome: OpenOutcome) => void) => then(await openReportFile(file));

  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onOutcome(await openReportFile(file));
  };

  const onKeep = async () => {
    if (!opened) return;
    const db = await appDb();
    if (!db) return setNotice({ kind: "error", text: (m) => m.storageUnavailable });
    try {
      const keptId = await keepReport(db, { name: opened.fromLink ? t.sharedReport : opened.name, text: opened.text, samples: opened.report.samples.length });
      // Kept, it has a route: a reload opens it again.
      useApp.getState().setWorkspace({ report: { ...opened, keptId }, reportId: keptId });
      setKeptVersion((v) => v + 1);
    } catch (error) {
      setNotice({ kind: "error", text: (m) => m.keepFailed((error as Error).message) });
    }
  };

  const onCompare = (outcome: OpenOutcome) => {
    if (outcome.ok) setOther(outcome.opened);
    else setNotice({ kind: "error", text: (m) => m.refused(outcome.message(m)) });
  };

  return (
    <main
      className={`view view-reports${dragging ? " is-dragging" : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => void onDrop(e)}
    >
      <h2>{t.title}</h2>
      <p className="muted">{t.intro}</p>
      <div className="reports-open">
        <FileButton name="Import report" accept=".json,application/json" label={t.importReport} onFile={(file) => void fromFile(file, onOutcome)} />
        <span className="drop-hint muted">{t.dropHere}</span>
      </div>
      {link.needsPassword && !opened ? <PasswordGate busy={link.busy} onOpen={(p) => void link.open(p)} /> : null}
      {notice ? (
        <p className={`note ${notice.kind === "error" ? "note-error" : ""}`} role={notice.kind === "error" ? "alert" : undefined} data-testid="reports-notice">
          {notice.text(t)}
        </p>
      ) : null}
      {opened ? (
        <>
          <div className="report-head">
            <strong>{reportName(opened, t)}</strong>
            <span className="muted">
              {/* No dot before the first part: in a narrow window the line wraps below the title. */}{" "}
              {reportHeadParts(opened.report, t.head, fmt).map((part, i) => (
                <span key={part}>
                  {i > 0 ? " · " : null}
                  {part}
                </span>
              ))}
            </span>{" "}
            <button type="button" className="btn btn-small" aria-label={named("Keep report")} disabled={kept} onClick={() => void onKeep()}>
              {t.keep}
            </button>
            {kept ? <span className="muted"> {t.kept}</span> : null}
            <FileButton
              name="Compare with another report"
              accept=".json,application/json"
              label={t.compareWith}
              onFile={(file) => void fromFile(file, onCompare)}
            />
            {other ? (
              <button type="button" className="btn btn-small" aria-label={named("Close comparison view")} onClick={() => setOther(null)}>
                {t.closeCompare}
              </button>
            ) : null}
          </div>
          {other ? (
            <ReportCompare
              a={opened.report}
              b={other.report}
              labels={[opened.fromLink ? t.sharedReport : opened.name, other.fromLink ? t.sharedReport : other.name]}
            />
          ) : (
            <ResultsExplorer report={opened.report} readOnly />
          )}
        </>
      ) : (
        <p className="empty">{t.nothingOpen}</p>
      )}
      <KeptReports version={keptVersion} onOutcome={onOutcome} />
    </main>
  );
}
