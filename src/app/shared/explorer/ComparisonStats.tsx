import { useEffect, useMemo, useState } from "react";
import type { AnyMetricId } from "../../../engine/metrics/types";
import type { Report } from "../../../storage/format/report-schema";
import { useEnglishName } from "../i18n/accessible-name";
import { type MetricComparisonView, scoresOf } from "./comparison-model";
import { ComparisonTable } from "./ComparisonTable";
import { compareInWorker } from "./stats-client";
import { useStatsT } from "./statistics/messages";

/** Contract 14's default significance level; the CLI's --alpha changes it there. */
const ALPHA = 0.05;

/**
 * The "Comparison" table of A (base) against B (candidate) and its minimum-effect input. The
 * resampling runs in the statistics worker for a large pair of runs; a stale answer is dropped.
 */
export function ComparisonStats({ a, b, metrics, names }: { a: Report; b: Report; metrics: readonly AnyMetricId[]; names?: Readonly<Record<string, string>> }) {
  const named = useEnglishName();
  const t = useStatsT();
  const [minEffect, setMinEffect] = useState(0);
  const [rows, setRows] = useState<MetricComparisonView[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const base = useMemo(() => scoresOf(a, metrics), [a, metrics]);
  const candidate = useMemo(() => scoresOf(b, metrics), [b, metrics]);

  useEffect(() => {
    let stale = false;
    // No verdict is shown for a minimum effect it was not computed with.
    setRows(null);
    setFailed(null);
    compareInWorker({ base, candidate, metrics: [...metrics], alpha: ALPHA, minEffect }).then(
      (result) => !stale && setRows(result),
      (error: Error) => !stale && setFailed(error.message),
    );
    return () => {
      stale = true;
    };
  }, [base, candidate, metrics, minEffect]);

  return (
    <section className="compare-stats-wrap">
      <h4>{t.comparisonTitle}</h4>
      <p className="muted">{t.comparisonIntro(String(ALPHA))}</p>
      <label className="min-effect">
        {t.minEffect}{" "}
        <input
          type="number"
          aria-label={named("Minimum effect")}
          min={0}
          max={1}
          step={0.01}
          value={minEffect}
          onChange={(e) => setMinEffect(Math.min(1, Math.max(0, Number(e.target.value) || 0)))}
        />{" "}
        <span className="muted">{t.minEffectHint}</span>
      </label>
      {failed ? <p className="note note-error">{failed}</p> : null}
      {rows ? (
        <ComparisonTable rows={rows} {...(names ? { names } : {})} />
      ) : (
        <p className="muted" aria-live="polite">
          {t.computing}
        </p>
      )}
    </section>
  );
}
