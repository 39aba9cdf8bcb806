import type { DraftIssue } from "./logic/draft";
import { useStudioT } from "./messages";
import { useStudio } from "./state/store";

/** Every problem of the prompt in words (the editor's squiggles say where); a click opens its field. */
export function IssueList({ issues }: { issues: readonly DraftIssue[] }) {
  const t = useStudioT();
  return (
    <section className="studio-issues" aria-label={t.problems}>
      {issues.length === 0 ? (
        <p className="studio-ok">{t.noProblems}</p>
      ) : (
        <ul>
          {issues.map((issue, i) => (
            <li key={i} className={issue.severity === "error" ? "is-error" : "is-warning"}>
              <button type="button" className="link" onClick={() => useStudio.setState({ field: issue.field, diff: false })}>
                {t.fields[issue.field]}
              </button>{" "}
              <span data-testid="issue-message">{issue.message}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
