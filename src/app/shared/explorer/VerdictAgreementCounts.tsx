import "../../styles/explorer.css";
import type { VerdictAgreement } from "../../../engine/retrieval/judge-agreement";
import { useExplorerT } from "./messages";

/**
 * How often the context precision judge's per-context verdicts agree with the reference ids
 * (engine/retrieval/judge-agreement.ts), with the confusion counts as a 2 x 2 table. Shared by the
 * results explorer's retrieval panel and the Agreement tab. Shows nothing when no context could be
 * compared, apart from the samples left out because their contexts and ids differ in number.
 */
export function VerdictAgreementCounts({ agreement }: { agreement: VerdictAgreement }) {
  const t = useExplorerT();
  return (
    <>
      {agreement.contexts > 0 ? (
        <>
          <p data-testid="verdict-agreement">
            {t.verdictAgreement(`${(100 * (agreement.agreement ?? 0)).toFixed(1)}%`, agreement.contexts, agreement.samples)}
          </p>
          <table className="verdict-confusion" data-testid="verdict-confusion">
            <caption className="muted">{t.confusionCaption}</caption>
            <thead>
              <tr>
                <td className="verdict-confusion-cell" />
                <th scope="col" className="verdict-confusion-cell">
                  {t.idsRelevant}
                </th>
                <th scope="col" className="verdict-confusion-cell">
                  {t.idsNotRelevant}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row" className="verdict-confusion-cell">
                  {t.judgeUseful}
                </th>
                <td className="num verdict-confusion-cell verdict-confusion-count">{agreement.bothRelevant}</td>
                <td className="num verdict-confusion-cell verdict-confusion-count">{agreement.judgeOnly}</td>
              </tr>
              <tr>
                <th scope="row" className="verdict-confusion-cell">
                  {t.judgeNotUseful}
                </th>
                <td className="num verdict-confusion-cell verdict-confusion-count">{agreement.idsOnly}</td>
                <td className="num verdict-confusion-cell verdict-confusion-count">{agreement.neither}</td>
              </tr>
            </tbody>
          </table>
        </>
      ) : null}
      {agreement.skipped > 0 ? <p className="muted">{t.unpaired(agreement.skipped)}</p> : null}
    </>
  );
}
