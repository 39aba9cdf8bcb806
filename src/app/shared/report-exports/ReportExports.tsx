import type { Report } from "../../../storage/format/report-schema";
import { useApp } from "../store";
import { downloadText } from "../ui/download";
import { exportFileName } from "./download-names";
import { useState } from "react";
import { exportCsv, exportHtml, exportJson, exportJsonl, exportParquet } from "./exports";
import { useReportsT } from "./messages";
import { secretsInUse } from "./secrets";
import { ShareLinkPanel } from "./ShareLinkPanel";
import { useEnglishName } from "../i18n/accessible-name";

/** Export report (contract 5 JSON), Export CSV, Export HTML and Create share link, for any report shown. */
export function ReportExports({ report }: { report: Report }) {
  const named = useEnglishName();
  const t = useReportsT();
  const lang = useApp((s) => s.lang);
  const [bom, setBom] = useState(true);
  return (
    <section className="report-exports" aria-label={t.names.exportAndShare}>
      <h3>{t.exportsTitle}</h3>
      <div className="export-buttons">
        <button
          type="button"
          className="btn btn-small"
          aria-label={named("Export report")}
          onClick={() => downloadText(exportJson(report, secretsInUse()), exportFileName(report, "json"))}
        >
          {t.exportReport}
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-label={named("Export CSV")}
          onClick={() => downloadText(exportCsv(report, secretsInUse(), { bom }), exportFileName(report, "csv"), "text/csv")}
        >
          {t.exportCsv}
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-label={named("Export HTML")}
          onClick={() => void exportHtml(report, secretsInUse(), t.html, lang).then((html) => downloadText(html, exportFileName(report, "html"), "text/html"))}
        >
          {t.exportHtml}
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-label={named("Export parquet")}
          onClick={() =>
            void exportParquet(report, secretsInUse()).then((bytes) => downloadText(bytes, exportFileName(report, "parquet"), "application/vnd.apache.parquet"))
          }
        >
          {t.resultsExports.parquet}
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-label={named("Export JSONL")}
          onClick={() => downloadText(exportJsonl(report, secretsInUse()), exportFileName(report, "jsonl"), "application/x-ndjson")}
        >
          {t.resultsExports.jsonl}
        </button>
        <label className="export-bom">
          <input type="checkbox" checked={bom} onChange={(e) => setBom(e.target.checked)} /> {t.resultsExports.bom}
        </label>
      </div>
      <p className="hint">{t.resultsExports.hint}</p>
      <ShareLinkPanel report={report} />
    </section>
  );
}
