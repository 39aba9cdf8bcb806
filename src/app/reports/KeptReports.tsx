import { useCallback, useEffect, useRef, useState } from "react";
import { useFormats } from "../shared/i18n/format";
import { deleteKeptReport, listKeptReports, openKeptReport, type KeptReportInfo } from "../../storage/db/kept-reports";
import { withDb } from "../shared/persist/db";
import { useReportsT } from "../shared/report-exports/messages";
import { useApp } from "../shared/store";
import type { OpenOutcome } from "./open-report";

/** The reports kept in this browser: open one again, or delete it. */
export function KeptReports({ version, onOutcome }: { version: number; onOutcome: (outcome: OpenOutcome) => void }) {
  const t = useReportsT();
  const fmt = useFormats();
  const [list, setList] = useState<KeptReportInfo[]>([]);
  const refresh = useCallback(() => void withDb((db) => listKeptReports(db)).then((rows) => setList(rows ?? [])), []);
  // `version` goes up when a report is kept elsewhere in the view.
  useEffect(() => {
    if (version >= 0) refresh();
  }, [refresh, version]);

  /** The kept report last asked for, so the route does not open it twice while it loads. */
  const requested = useRef<string | null>(null);
  const open = useCallback(
    async (info: KeptReportInfo) => {
      requested.current = info.id;
      const parsed = await withDb((db) => openKeptReport(db, info.id)).finally(() => {
        requested.current = null;
      });
      if (!parsed) return;
      if (!parsed.ok) onOutcome({ ok: false, message: () => parsed.error.message });
      // Its keptId goes to the workspace's reportId too (ReportsView), so the URL names it
      // (#/reports/<id>) and a reload or a pasted link opens it again.
      else onOutcome({ ok: true, opened: { report: parsed.report, name: info.name, text: JSON.stringify(parsed.report), keptId: info.id } });
    },
    [onOutcome],
  );

  // A route that names a kept report (reload, back / forward, a link) opens it once the list is
  // read, unless it is the report already open (coming back from another view).
  const routeReport = useApp((s) => s.workspace.reportId);
  const openedId = useApp((s) => s.workspace.report?.keptId ?? null);
  useEffect(() => {
    const info = list.find((i) => i.id === routeReport);
    if (!info || openedId === info.id || requested.current === info.id) return;
    void open(info);
  }, [list, routeReport, openedId, open]);

  return (
    <section className="kept-reports" aria-label={t.keptTitle}>
      <h3>{t.keptTitle}</h3>
      {list.length === 0 ? <p className="muted">{t.keptEmpty}</p> : null}
      <ul>
        {list.map((info) => (
          <li key={info.id}>
            <span>
              {info.name} · {info.samples} · {fmt.dateTime(info.keptAt)}
            </span>{" "}
            <button type="button" className="btn btn-small" aria-label={t.openKeptName(info.name)} onClick={() => void open(info)}>
              {t.open}
            </button>{" "}
            <button
              type="button"
              className="btn btn-small"
              aria-label={t.removeKeptName(info.name)}
              onClick={() => void withDb((db) => deleteKeptReport(db, info.id)).then(refresh)}
            >
              {t.remove}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
