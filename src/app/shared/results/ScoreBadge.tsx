import type { AnyMetricId, MetricResult } from "../../../engine";
import { useT } from "../i18n";
import { formatScore, nullCode } from "./format";
import { lowerIsBetter, scoreBand } from "./labels";

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
          {nullCode(result)}
        </span>
        <span className="score-level">{t.results.level.none}</span>
      </div>
    );
  }
  // Lower is better (noise sensitivity): 0.1 is good news, so the band reads from the other end
  // and its words say both what the number is and what it means ("low: good", not "high").
  const level = scoreBand(id, result.score);
  const words = lowerIsBetter(id) ? t.results.lowerLevel[level] : t.results.level[level];
  return (
    <div className={`score score-${level}`}>
      <span className="score-value" data-testid={`score-${id}`}>
        {formatScore(result.score)}
      </span>
      <span className="score-level">{words}</span>
    </div>
  );
}
