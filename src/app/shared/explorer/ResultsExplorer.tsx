import { useMemo, useState } from "react";
import type { Report } from "../../../storage/format/report-schema";
import { ReportExports } from "../report-exports/ReportExports";
import { FilterBar } from "./FilterBar";
import { filterRows, sortRows, type RowFilter, type RowSort, type SortKey } from "./filter";
import { useExplorerT } from "./messages";
import { ResultsTable } from "./ResultsTable";
import { errorCodesOf, metricIdsOf, rowsOf, type ExplorerRow } from "./rows";
import { RetrievalPanel } from "./RetrievalPanel";
import { SampleDetail } from "./SampleDetail";
import { metricStats, ragasScoreOf } from "./stats";
import { SummaryGrid } from "./SummaryGrid";
import "../../styles/explorer.css";
import { useEnglishName } from "../i18n/accessible-name";

/**
 * A report's results: summary per metric (over the rows shown), filters, a virtualised sortable
 * table, and one sample's traces. `readOnly` hides nothing today: a report view never edits; the
 * prop is part of the shared interface for the runs view. Exports work on any report shown.
 */
export function ResultsExplorer({ report, readOnly: _readOnly }: { report: Report; readOnly?: boolean }) {
  const named = useEnglishName();
  const t = useExplorerT();
  const all = useMemo(() => rowsOf(report), [report]);
  const metrics = useMemo(() => metricIdsOf(report), [report]);
  const codes = useMemo(() => errorCodesOf(all), [all]);
  const [filter, setFilter] = useState<RowFilter>({});
  const [sort, setSort] = useState<RowSort>({ key: "index", dir: "asc" });
  const [open, setOpen] = useState<ExplorerRow | null>(null);

  const shown = useMemo(() => sortRows(filterRows(all, filter), sort), [all, filter, sort]);
  const stats = useMemo(() => metrics.map((m) => [m, metricStats(shown, m)] as [typeof m, ReturnType<typeof metricStats>]), [metrics, shown]);
  const ragas = useMemo(() => ragasScoreOf(stats), [stats]);

  const onSort = (key: SortKey) =>
    // A score column sorts lowest first (the rows worth a look), a second click flips it.
    setSort((s) => (s.key === key ? { key, dir: s.dir === "asc" ? "desc" : "asc" } : { key, dir: "asc" }));

  return (
    <section className="explorer" aria-label={t.names.explorer}>
      <ReportExports report={report} />
      <SummaryGrid stats={stats} ragas={ragas} shown={shown.length} total={all.length} config={report.config} />
      <RetrievalPanel report={report} />
      <FilterBar metrics={metrics} codes={codes} filter={filter} onChange={setFilter} />
      <p className="muted" aria-live="polite" data-testid="rows-shown">
        {t.summaryOf(shown.length, all.length)}
      </p>
      <ResultsTable rows={shown} metrics={metrics} sort={sort} onSort={onSort} onOpen={setOpen} />
      {open ? (
        <div className="detail-wrap">
          <button type="button" className="btn btn-small" aria-label={named("Close sample")} onClick={() => setOpen(null)}>
            {t.close}
          </button>
          <SampleDetail row={open} metrics={metrics} tracesOmitted={report.tracesOmitted === true} />
        </div>
      ) : null}
    </section>
  );
}
