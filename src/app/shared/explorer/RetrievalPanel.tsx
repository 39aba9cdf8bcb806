import { useEffect, useMemo, useRef, useState } from "react";
import { verdictAgreement } from "../../../engine/retrieval/judge-agreement";
import { type KSweep, kSweep, labelScores } from "../../../engine/retrieval/k-sweep";
import { rankingsOf } from "../../../engine/retrieval/rankings";
import type { Report } from "../../../storage/format/report-schema";
import { loadUPlot } from "./Histogram";
import { useExplorerT } from "./messages";
import { VerdictAgreementCounts } from "./VerdictAgreementCounts";

/** The k values the table lists (the chart has all twenty). */
const TABLE_KS = [1, 3, 5, 10, 20];

/**
 * A run's retrieval by rank (contract 15), from the report alone: the K-sweep (mean precision,
 * recall and NDCG at k = 1..20 from the traces' ranked lists), hit rate / MRR / NDCG from the
 * context precision verdicts for samples without ids, and how often those verdicts agree with the
 * reference ids. Nothing shows for a run that has neither ids nor context precision.
 */
export function RetrievalPanel({ report }: { report: Report }) {
  const t = useExplorerT();
  const { sweep, judge, agreement } = useMemo(() => {
    const rankings = rankingsOf(report.samples, report.results);
    return { sweep: kSweep(rankings), judge: labelScores(rankings, "judge"), agreement: verdictAgreement(report.samples, report.results) };
  }, [report]);
  if (sweep.points.length === 0 && agreement.contexts === 0) return null;
  const f = (x: number) => x.toFixed(3);
  return (
    <section className="retrieval-panel" aria-label={t.names.retrieval}>
      <h3>{t.retrievalTitle}</h3>
      {sweep.points.length > 0 ? (
        <>
          <p className="muted" data-testid="label-sources">
            {t.labelSources(sweep.samples.ids, sweep.samples.judge)}
          </p>
          <SweepChart sweep={sweep} />
          <table className="k-sweep-table" data-testid="k-sweep-table">
            <thead>
              <tr>
                <th scope="col" className="k-sweep-cell">
                  k
                </th>
                <th scope="col" className="k-sweep-cell">
                  {t.precisionAtK}
                </th>
                <th scope="col" className="k-sweep-cell">
                  {t.recallAtK}
                </th>
                <th scope="col" className="k-sweep-cell">
                  {t.ndcgAtK}
                </th>
              </tr>
            </thead>
            <tbody>
              {sweep.points
                .filter((p) => TABLE_KS.includes(p.k))
                .map((p) => (
                  <tr key={p.k}>
                    <th scope="row" className="num k-sweep-cell">
                      {p.k}
                    </th>
                    <td className="num k-sweep-cell">{f(p.precision)}</td>
                    <td className="num k-sweep-cell">{f(p.recall)}</td>
                    <td className="num k-sweep-cell">{f(p.ndcg)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </>
      ) : null}
      {judge ? <p data-testid="judge-labels">{t.judgeLabels(f(judge.hitRate), f(judge.mrr), f(judge.ndcg), judge.samples)}</p> : null}
      <VerdictAgreementCounts agreement={agreement} />
    </section>
  );
}

/** The three curves over k (uPlot, loaded on first draw like the histograms); the table above holds the numbers. */
function SweepChart({ sweep }: { sweep: KSweep }) {
  const t = useExplorerT();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify(sweep.points);
  const labels = [t.precisionAtK, t.recallAtK, t.ndcgAtK].join("|");
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    const points: KSweep["points"] = JSON.parse(key);
    const [precision, recall, ndcg] = labels.split("|");
    loadUPlot()
      .then((UPlot) => {
        if (cancelled || !box.current) return;
        chart = new UPlot(
          {
            // As wide as its box allows (a 420 px window leaves less than 420 px for it).
            width: Math.min(420, box.current.clientWidth || 420),
            height: 200,
            scales: { x: { time: false }, y: { range: [0, 1] } },
            axes: [{ label: "k" }, {}],
            series: [
              {},
              { label: precision, stroke: "#2d4fb8", width: 2 },
              { label: recall, stroke: "#17663a", width: 2 },
              { label: ndcg, stroke: "#b8542d", width: 2 },
            ],
          },
          [points.map((p) => p.k), points.map((p) => p.precision), points.map((p) => p.recall), points.map((p) => p.ndcg)],
          box.current,
        );
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [key, labels]);
  return (
    <figure className="k-sweep" aria-label={t.names.kSweep}>
      <figcaption>{t.kSweepTitle}</figcaption>
      <div ref={box} className="k-sweep-chart" data-testid="k-sweep" aria-hidden="true" />
      {failed ? <p className="muted">{t.chartFailed}</p> : null}
    </figure>
  );
}
