import type { AnyMetricId, MetricOptions } from "../../../engine/metrics/types";
import { useT } from "../i18n";
import { lowerIsBetter, metricLabel } from "../results/labels";
import { optionsText } from "../metric-picker/groups";
import { formatScore } from "../results/format";
import { Histogram } from "./Histogram";
import { useExplorerT } from "./messages";
import type { MetricStats } from "./stats";
import { IntervalLines } from "./IntervalLines";

/** Per metric: mean, median, std, count, nulls by code and a histogram; then the RAGAS score. */
export function SummaryGrid({
  stats,
  ragas,
  shown,
  total,
  config = {},
}: {
  stats: [AnyMetricId, MetricStats][];
  ragas: number | null;
  shown: number;
  total: number;
  /** The report's metric options and custom judges (names, and the options shown beside each score). */
  config?: { metricOptions?: Partial<Record<string, MetricOptions>>; customJudges?: readonly { slug: string; name: string }[] };
}) {
  const names = Object.fromEntries((config.customJudges ?? []).map((j) => [`custom:${j.slug}`, j.name]));
  const t = useExplorerT();
  const app = useT();
  return (
    <section className="explorer-summary" aria-label={t.names.summary}>
      <h3>
        {t.summaryTitle} <span className="muted">· {t.summaryOf(shown, total)}</span>
      </h3>
      <p className="ragas-score">
        {t.ragasScore}: <strong data-testid="ragas-score">{formatScore(ragas)}</strong>
      </p>
      <div className="summary-cards">
        {stats.map(([id, s]) => (
          <section key={id} className="summary-card" aria-label={t.names.summaryOf(id)}>
            <h4>
              {metricLabel(app, id, names)} <code className="metric-id">{id}</code>
              {lowerIsBetter(id) ? <span className="badge badge-lower">{app.more.lowerIsBetter}</span> : null}
            </h4>
            {optionsText(config.metricOptions?.[id]) ? <p className="muted">{app.more.optionsShown(optionsText(config.metricOptions?.[id]))}</p> : null}
            <dl className="summary-numbers">
              <div>
                <dt>{t.mean}</dt>
                <dd data-testid={`mean-${id}`}>{formatScore(s.mean)}</dd>
              </div>
              <div>
                <dt>{t.median}</dt>
                <dd>{formatScore(s.median)}</dd>
              </div>
              <div>
                <dt>{t.std}</dt>
                <dd>{formatScore(s.std)}</dd>
              </div>
              <div>
                <dt>{t.count}</dt>
                <dd>{s.count}</dd>
              </div>
              <div>
                <dt>{t.nulls}</dt>
                <dd>
                  {s.nullCount}
                  {Object.entries(s.nullCodes).map(([code, n]) => (
                    <span key={code} className="null-code">
                      {" "}
                      <code>{code}</code> {n}
                    </span>
                  ))}
                </dd>
              </div>
            </dl>
            <IntervalLines id={id} stats={s} />
            <Histogram metric={id} scores={s.scores} />
          </section>
        ))}
      </div>
    </section>
  );
}
