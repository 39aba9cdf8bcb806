import type { AnyMetricId, MetricResult } from "../../../engine";
import { useT } from "../i18n";
import { formatScore, scoreLevel } from "./format";
import { lowerIsBetter } from "./labels";

/**
 * The score with its band in words, or the null code. `data-testid="score-<id>"` holds exactly
 * the number (two decimals) or the code, for browser tests.
 */
export function ScoreBadge({ id, result }: { id: AnyMetricId; result: MetricResult }) {
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
  // Lower is better (noise sensitivity): 0.1 is good news, so the band reads from the other end.
  const level = scoreLevel(lowerIsBetter(id) ? 1 - result.score : result.score);
  return (
    <div className={`score score-${level}`}>
      <span className="score-value" data-testid={`score-${id}`}>
        {formatScore(result.score)}
      </span>
      <span className="score-level">{t.results.level[level]}</span>
    </div>
  );
}
