import { allCalls, ragasScoreOfMeans, usageOf, type AnyMetricId, type MetricResult } from "../../../engine";
import { useFormats } from "../i18n/format";
import { useT } from "../i18n";
import { useApp } from "../store";
import { estimateCost } from "../../../storage/prices";
import { formatScore, formatUsd, scoreLevel } from "./format";

/** The harmonic-mean RAGAS score (two or more scored metrics) and the sample's tokens and cost. */
export function UsageSummary({ results, demo }: { results: Partial<Record<AnyMetricId, MetricResult>>; demo: boolean }) {
  const t = useT();
  const fmt = useFormats();
  const prices = useApp((s) => s.settings.prices);
  // The judged metrics only: BLEU or exact match sit beside the RAGAS score, not in it.
  const ragas = ragasScoreOfMeans(Object.entries(results).map(([id, r]) => [id, r?.score]));
  const calls = allCalls([{ sampleId: "", metrics: results }]);
  const usage = usageOf(calls);
  // List prices: the playground scores one sample by sync requests (only dataset runs go by batch, priced in run-state.ts).
  const cost = estimateCost(calls, prices);
  const allCached = calls.length > 0 && calls.every((c) => c.cached);
  // A model with no price stays "no price" when its replies come from the cache (they cost nothing
  // now, but a "$0" would read as if the model were known to be free).
  const unpriced = estimateCost(
    calls.map((c) => ({ ...c, cached: false })),
    prices,
  ).unpriced;
  return (
    <div className="summary">
      {ragas !== null ? (
        <div className={`ragas-score score-${scoreLevel(ragas)}`}>
          <span className="ragas-label">{t.results.ragasScore}</span>
          <span className="ragas-value" data-testid="ragas-score">
            {formatScore(ragas)}
          </span>
          <span className="ragas-hint">{t.results.ragasHint}</span>
        </div>
      ) : null}
      {calls.length > 0 && demo ? (
        <p className="usage" data-testid="usage">
          <span>{t.results.demoUsage(calls.length)}</span>
        </p>
      ) : calls.length > 0 ? (
        <p className="usage" data-testid="usage">
          <span>{t.results.requests(usage.requests)}</span>
          <span>{t.results.tokens(usage.promptTokens, usage.completionTokens)}</span>
          {unpriced.length > 0 ? (
            <span>{t.results.costUnknown(fmt.list(unpriced))}</span>
          ) : allCached ? (
            <span>{t.results.costCached}</span>
          ) : (
            <span>{t.results.cost(formatUsd(cost.usd))}</span>
          )}
          {allCached && unpriced.length > 0 ? <span className="badge badge-cached">{t.results.cached}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
