import type { ReportMetricResult } from "../../../storage/format/report-schema";
import { formatScore, scoreLevel } from "../results/format";
import { useExplorerT } from "./messages";

/** A score with its band class, a null's code, or "not run". */
export function ScoreCell({ result, testId }: { result: ReportMetricResult | undefined; testId?: string }) {
  const t = useExplorerT();
  if (!result)
    return (
      <span className="cell-score muted" data-testid={testId}>
        {t.notRun}
      </span>
    );
  if (result.score === null)
    return (
      <code className="cell-score cell-null" data-testid={testId}>
        {result.error?.code ?? "null"}
      </code>
    );
  return (
    <span className={`cell-score score-${scoreLevel(result.score)}`} data-testid={testId}>
      {formatScore(result.score)}
    </span>
  );
}
