import type { AnyMetricId, MetricResult } from "../../engine";
import { useT } from "../shared/i18n";
import { formatScore, scoreLevel } from "../shared/results/format";
import { lowerIsBetter, metricLabel } from "../shared/results/labels";
import { metricCardDomId } from "../shared/results/MetricCard";

/**
 * Every metric's score (or null code) in one compact row above the cards: with many metrics the
 * cards make a long column, and this is the overview. A score brings its card into view.
 */
export function ScoreStrip({
  ids,
  results,
  judgeNames,
  onJump,
  onCollapseAll,
  onExpandAll,
}: {
  ids: readonly AnyMetricId[];
  results: Partial<Record<AnyMetricId, MetricResult>>;
  judgeNames: Readonly<Record<string, string>>;
  /** Called before the card is scrolled to (a collapsed card opens first). */
  onJump(id: AnyMetricId): void;
  onCollapseAll(): void;
  onExpandAll(): void;
}) {
  const t = useT();
  const jump = (id: AnyMetricId) => {
    onJump(id);
    const card = document.getElementById(metricCardDomId(id));
    card?.scrollIntoView?.({ block: "start" });
    card?.focus({ preventScroll: true });
  };
  return (
    <nav className="score-strip" aria-label={t.results.strip}>
      <ul className="score-strip-list">
        {ids.map((id) => {
          const result = results[id];
          // Lower is better (noise sensitivity): its band reads from the other end, as in History.
          const level = !result ? "pending" : result.score === null ? "none" : scoreLevel(lowerIsBetter(id) ? 1 - result.score : result.score);
          const value = !result ? "…" : result.score === null ? (result.error?.code ?? "null") : formatScore(result.score);
          return (
            <li key={id}>
              <button type="button" className={`mini-score strip-score score-${level}`} disabled={!result} onClick={() => jump(id)}>
                <span className="mini-name">{metricLabel(t, id, judgeNames)}</span> <span data-testid={`strip-${id}`}>{value}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="score-strip-actions">
        <button type="button" className="btn btn-small btn-quiet" onClick={onCollapseAll}>
          {t.results.collapseAll}
        </button>
        <button type="button" className="btn btn-small btn-quiet" onClick={onExpandAll}>
          {t.results.expandAll}
        </button>
      </div>
    </nav>
  );
}
