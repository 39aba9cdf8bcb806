import { useMemo, useState } from "react";
import type { Report } from "../../../storage/format/report-schema";
import { useT } from "../i18n";
import { metricLabel } from "../results/labels";
import { formatScore } from "../results/format";
import { compareReports, type CompareRow } from "./compare";
import { useExplorerT } from "./messages";
import { SampleDetail } from "./SampleDetail";
import { ComparisonStats } from "./ComparisonStats";
import { VirtualTable } from "./VirtualTable";
import "../../styles/explorer.css";
import { useEnglishName } from "../i18n/accessible-name";

import { formatSigned as signed } from "./stats-format";

const judgeNames = (r: Report) => Object.fromEntries((r.config.customJudges ?? []).map((j) => [`custom:${j.slug}`, j.name]));

/**
 * Report A against report B (prompt version A vs B, model A vs B): contract 14's paired comparison
 * per metric over the samples both have (matched by id), per-row deltas largest first, the rows where they disagree, and a row's
 * two sets of traces side by side.
 */
export function ReportCompare({ a, b, labels = ["A", "B"] }: { a: Report; b: Report; labels?: [string, string] }) {
  const named = useEnglishName();
  const t = useExplorerT();
  const app = useT();
  const [threshold, setThreshold] = useState(0.2);
  const [onlyDisagree, setOnlyDisagree] = useState(false);
  const [open, setOpen] = useState<CompareRow | null>(null);
  const cmp = useMemo(() => compareReports(a, b, threshold), [a, b, threshold]);
  const rows = onlyDisagree ? cmp.rows.filter((r) => r.disagree) : cmp.rows;
  const disagreeCount = cmp.rows.filter((r) => r.disagree).length;
  const columns = { gridTemplateColumns: `minmax(6rem, 1fr) repeat(${cmp.metrics.length + 1}, minmax(5.5rem, 1fr))` };

  return (
    <section className="compare" aria-label={t.names.comparison}>
      <h3>
        {t.compareTitle}: <span className="side-a">A = {labels[0]}</span> · <span className="side-b">B = {labels[1]}</span>
      </h3>
      <p className="muted">{t.matched(cmp.rows.length, cmp.onlyA.length, cmp.onlyB.length)}</p>
      {cmp.metrics.length === 0 ? <p className="note note-warn">{t.noCommonMetrics}</p> : null}
      <ComparisonStats a={a} b={b} metrics={cmp.metrics} names={judgeNames(a)} />
      {/* The harmonic mean has no paired test: its change is shown as it is, where both sides have one. */}
      {cmp.ragas.a !== null || cmp.ragas.b !== null ? (
        <p className="muted">
          RAGAS: {formatScore(cmp.ragas.a)} → {formatScore(cmp.ragas.b)} <span data-testid="delta-ragas">({signed(cmp.ragas.delta)})</span>
        </p>
      ) : null}
      <div className="filter-bar">
        <label>
          {t.disagreeThreshold}
          <input
            type="number"
            aria-label={named("Disagreement threshold")}
            min={0}
            max={1}
            step={0.05}
            value={threshold}
            onChange={(e) => setThreshold(Math.min(1, Math.max(0, Number(e.target.value) || 0)))}
          />
        </label>
        <label className="check">
          <input type="checkbox" aria-label={named("Disagreements only")} checked={onlyDisagree} onChange={(e) => setOnlyDisagree(e.target.checked)} />
          {t.disagreementsOnly}
        </label>
        <span className="muted" data-testid="disagree-count">
          {t.disagreements(disagreeCount)}
        </span>
      </div>
      <VirtualTable
        label={t.names.rowDeltas}
        columns={columns}
        count={rows.length}
        head={
          <>
            <th scope="col">{t.id}</th>
            {cmp.metrics.map((m) => (
              <th scope="col" key={m}>
                {metricLabel(app, m)} Δ
              </th>
            ))}
            <th scope="col">{t.largestChange}</th>
          </>
        }
        renderRow={(i) => {
          const row = rows[i]!;
          return (
            <>
              <td>
                <button type="button" className="link-btn" aria-label={named(`Compare sample ${row.id}`)} onClick={() => setOpen(row)}>
                  {row.disagree ? "⚠ " : ""}
                  {row.id.length > 40 ? `${row.id.slice(0, 40)}…` : row.id}
                </button>
              </td>
              {cmp.metrics.map((m) => (
                <td key={m} className={row.nullMismatch.includes(m) ? "cell-null" : undefined}>
                  {row.nullMismatch.includes(m) ? t.nullVsScore : signed(row.deltas[m])}
                </td>
              ))}
              <td>{formatScore(row.size)}</td>
            </>
          );
        }}
      />
      {open ? (
        <div className="detail-wrap">
          <button type="button" className="btn btn-small" aria-label={named("Close comparison")} onClick={() => setOpen(null)}>
            {t.close}
          </button>
          <div className="side-by-side">
            <SampleDetail row={open.a} metrics={cmp.metrics} tracesOmitted={a.tracesOmitted === true} label={`A: ${labels[0]} · ${open.id}`} />
            <SampleDetail row={open.b} metrics={cmp.metrics} tracesOmitted={b.tracesOmitted === true} label={`B: ${labels[1]} · ${open.id}`} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
