import type { MetricId, MetricResult } from "../../../engine";
import { useT } from "../i18n";
import { formatScore, scoreLevel } from "./format";

/**
 * The score with its band in words, or the null code. `data-testid="score-<id>"` holds exactly
 * the number (two decimals) or the code, for browser tests.
 */
export function ScoreBadge({ id, result }: { id: MetricId; result: MetricResult }) {
  const t = useT();
  if (result.score === null) {
    return (
      <div className="score score-none">
        <span className="score-value" data-testid={`score-${id}`}>
          {result.error?.code ?? "null"}
        </span>
        <span className="score-level">{t.results.level.none}</span>
      </div>
    );
  }
  const level = scoreLevel(result.score);
  return (
    <div className={`score score-${level}`}>
      <span className="score-value" data-testid={`score-${id}`}>
        {formatScore(result.score)}
      </span>
      <span className="score-level">{t.results.level[level]}</span>
    </div>
  );
}
