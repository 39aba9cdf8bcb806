import { useEffect, useMemo, useState } from "react";
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
import { intervalsInWorker } from "./stats-client";
import { type IntervalStats, intervalInputs } from "./summary-model";
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
  const thresholds = report.config.thresholds;
  const repeats = useMemo(() => ((report.config.repeat ?? 1) > 1 ? new Map(report.results.map((r) => [r.sampleId, r.repeats ?? []])) : null), [report]);
  // Intervals over the rows shown, computed off the main thread for a large report; a filter change drops the stale answer.
  const [intervals, setIntervals] = useState<Record<string, IntervalStats> | null>(null);
  useEffect(() => {
    let stale = false;
    setIntervals(null);
    intervalsInWorker(intervalInputs(shown, metrics, thresholds ?? {}, repeats)).then(
      (result) => !stale && setIntervals(result),
      () => !stale && setIntervals({}),
    );
    return () => {
      stale = true;
    };
  }, [shown, metrics, thresholds, repeats]);
  const withIntervals = useMemo(() => stats.map(([m, s]) => [m, { ...s, ...intervals?.[m] }] as (typeof stats)[number]), [stats, intervals]);

  const onSort = (key: SortKey) =>
    // A score column sorts lowest first (the rows worth a look), a second click flips it.
    setSort((s) => (s.key === key ? { key, dir: s.dir === "asc" ? "desc" : "asc" } : { key, dir: "asc" }));

  return (
    <section className="explorer" aria-label={t.names.explorer}>
      <ReportExports report={report} />
      <SummaryGrid stats={withIntervals} ragas={ragas} shown={shown.length} total={all.length} config={report.config} />
      <RetrievalPanel report={report} />
      <FilterBar metrics={metrics} codes={codes} filter={filter} onChange={setFilter} hasThresholds={Object.keys(thresholds ?? {}).length > 0} />
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
