import { lowerIsBetter } from "../results/labels";
import { formatScore } from "../results/format";
import type { MetricStats } from "./stats";
import { formatInterval } from "./stats-format";
import { useStatsT } from "./statistics/messages";

/**
 * Under a metric's summary numbers: the mean's 95% interval with the nulls beside it ("over 40 of
 * 50"), the pass rate with its interval where the run had a threshold, and the judge's noise where
 * each sample was scored more than once. A dash while the interval is being computed.
 */
export function IntervalLines({ id, stats }: { id: string; stats: MetricStats }) {
  const t = useStatsT();
  const all = stats.count + stats.nullCount;
  return (
    <dl className="summary-intervals">
      <div>
        <dt title={stats.ciMethod ? t.ciMethod[stats.ciMethod] : undefined}>{t.ci95}</dt>
        <dd>
          <span data-testid={`ci-${id}`}>{stats.ci95 === undefined ? "…" : formatInterval(stats.ci95) || "—"}</span>{" "}
          <span className="muted" data-testid={`over-${id}`}>
            {t.over(stats.count, all)}
          </span>
        </dd>
      </div>
      {stats.passRate ? (
        <div>
          <dt>{t.passRate}</dt>
          <dd>
            <span data-testid={`pass-rate-${id}`}>{formatScore(stats.passRate.rate)}</span> <span className="muted">{formatInterval(stats.passRate.ci95)}</span>{" "}
            <span className="muted">{t.passOf(stats.passRate.pass, stats.passRate.all, formatScore(stats.passRate.threshold), lowerIsBetter(id))}</span>
          </dd>
        </div>
      ) : null}
      {stats.noise ? (
        <div>
          <dt>{t.noise}</dt>
          <dd data-testid={`noise-${id}`}>
            {t.noiseStd} {formatScore(stats.noise.withinSd)} · {t.noiseDisagree} {formatScore(stats.noise.disagreeShare)} · {t.noiseShare}{" "}
            {formatScore(stats.noise.judgeVarianceShare)}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
