import type { ReportMetricResult } from "../../../storage/format/report-schema";
import { formatScore, nullCode } from "../results/format";
import { scoreBand } from "../results/labels";
import { useExplorerT } from "./messages";
import { PassMark } from "./PassMark";

/** A score with its band class (read the right way round for a lower-is-better metric), a null's code, or "not run". */
export function ScoreCell({ id, result, testId }: { id: string; result: ReportMetricResult | undefined; testId?: string }) {
  const t = useExplorerT();
  if (!result)
    return (
      <span className="cell-score muted" data-testid={testId}>
        {t.notRun}
      </span>
    );
  if (result.score === null)
    return (
      <>
        <code className="cell-score cell-null" data-testid={testId}>
          {nullCode(result)}
        </code>
        <PassMark pass={result.pass} />
      </>
    );
  return (
    <>
      <span className={`cell-score score-${scoreBand(id, result.score)}`} data-testid={testId}>
        {formatScore(result.score)}
      </span>
      <PassMark pass={result.pass} />
    </>
  );
}
