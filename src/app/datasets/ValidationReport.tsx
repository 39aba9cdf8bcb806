import type { FileIssue, MappedSamples } from "./import/format-api";
import { useFormats } from "../shared/i18n/format";
import { ScrollX } from "../shared/ui/ScrollHint";
import { useDatasetsT } from "./messages";

const SHOWN = 100;

/** Rows that have at least one error (a file-level problem counts as every row). */
function rowsWithErrors(errors: readonly FileIssue[], rowCount: number): number {
  if (errors.some((e) => e.row === undefined)) return rowCount;
  return new Set(errors.map((e) => e.row)).size;
}

/** Every problem the import found, by row and field, before anything is stored. */
export function ValidationReport({ result, rowCount }: { result: MappedSamples | null; rowCount: number }) {
  const t = useDatasetsT();
  const fmt = useFormats();
  if (!result) return <p className="ds-checking">{t.checking}</p>;
  const { errors, warnings } = result;
  const readAs = Object.entries(result.contextsReadAs) as [keyof typeof t.contextsAs, number][];
  const summary =
    readAs.length > 0 ? (
      <p data-testid="contexts-read-as">{t.readAsSummary(fmt.list(readAs.map(([as, n]) => `${t.contextsAs[as]} × ${fmt.number(n)}`)))}</p>
    ) : null;
  if (errors.length === 0)
    return (
      <div className="note note-ok" role="status">
        {t.allValid(result.samples.length)}
        {summary}
        {warnings.length > 0 ? <IssueTable title={t.warnings} issues={warnings} /> : null}
      </div>
    );
  return (
    <div className="note note-error" role="alert" aria-label={t.names.validation}>
      <p>{t.problems(errors.length, result.valid.leftOut || rowsWithErrors(errors, rowCount))}</p>
      {summary}
      <IssueTable issues={errors} />
    </div>
  );
}

function IssueTable({ issues, title }: { issues: readonly FileIssue[]; title?: string }) {
  const t = useDatasetsT();
  return (
    <>
      {title ? <h4>{title}</h4> : null}
      <ScrollX>
        <table className="ds-issues">
          <thead>
            <tr>
              <th>{t.reportHead.row}</th>
              <th>{t.reportHead.field}</th>
              <th>{t.reportHead.problem}</th>
            </tr>
          </thead>
          <tbody>
            {issues.slice(0, SHOWN).map((issue, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same row and field can have two problems
              <tr key={i}>
                <td>{issue.row === undefined ? "—" : issue.line !== undefined && issue.line !== issue.row ? t.rowAtLine(issue.row, issue.line) : issue.row}</td>
                <td>{issue.field ?? "—"}</td>
                <td>{issue.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
      {issues.length > SHOWN ? <p className="field-hint">{t.moreProblems(issues.length - SHOWN)}</p> : null}
    </>
  );
}
