import { FileButton } from "../../shared/ui/FileButton";
import { useT } from "../../shared/i18n";
import { useApp } from "../../shared/store";
import { readReportFile, reportFileName, reportText } from "./report-io";
import { downloadText } from "../../shared/ui/download";
import { openInReports } from "../../shared/handoffs/open-in-reports";
import { useEnglishName } from "../../shared/i18n/accessible-name";

/** "Export report" downloads the shown results; "Import report" loads a report's first sample. */
export function ReportActions() {
  const named = useEnglishName();
  const t = useT();
  const canExport = useApp((s) => s.scoring.sample !== null && s.scoring.status !== "running" && Object.keys(s.scoring.results).length > 0);

  const onExport = () => {
    const s = useApp.getState();
    if (!s.scoring.sample) {
      s.setStatus((m) => m.report.nothingToExport);
      return;
    }
    downloadText(reportText(s.scoring, s.settings, s.apiKey), reportFileName());
  };

  // The same report as "Export report", shown in the Reports view with its other exports.
  const onOpenInReports = () => {
    const s = useApp.getState();
    if (s.scoring.sample) openInReports(reportFileName(), reportText(s.scoring, s.settings, s.apiKey));
  };

  const onImport = async (file: File) => {
    const s = useApp.getState();
    if (s.scoring.status === "running") return;
    const read = readReportFile(await file.text(), file.name);
    if (!read.ok) {
      s.setStatus((m) => m.report.importFailed(read.message));
      return;
    }
    s.loadDraft(read.sample);
    s.showResults({ sample: read.sample, metricIds: read.metricIds, results: read.results, demo: false, model: read.model, historyId: null }, Date.now());
    s.setStatus((m) => m.report.imported(file.name));
  };

  return (
    <div className="report-actions">
      <button type="button" className="btn btn-small" aria-label={named("Export report")} disabled={!canExport} onClick={onExport}>
        {t.report.export}
      </button>
      <button type="button" className="btn btn-small" aria-label={named("Open in Reports")} disabled={!canExport} onClick={onOpenInReports}>
        {t.report.openInReports}
      </button>
      <FileButton name="Import report" accept=".json,application/json" label={t.report.import} onFile={(file) => void onImport(file)} />
    </div>
  );
}
