import type { MetricId } from "../../engine";
import { formatScore } from "../shared/results/format";
import type { TraceDiff } from "./logic/trace-diff";
import { useStudioT } from "./messages";

/** Which items of the trace changed between the two prompts: verdict flips first, then dropped and new items. */
export function TraceDiffView({ metricId, diff }: { metricId: MetricId; diff: TraceDiff }) {
  const t = useStudioT();
  const names = t.flagNames[metricId];
  const cls = (value: number | undefined) => (diff.valueKind === "flag" ? `verdict ${value === 1 ? "verdict-yes" : "verdict-no"}` : "verdict");
  const show = (value: number | undefined) =>
    value === undefined ? "–" : diff.valueKind === "similarity" ? formatScore(value) : (names[value] ?? String(value));
  return (
    <section className="trace-diff" aria-label={t.changes}>
      <h4>{t.changes}</h4>
      {diff.changes.length === 0 ? <p className="muted">{t.noChanges}</p> : null}
      <ul>
        {diff.changes.map((change, i) => (
          <li key={i} className={`trace-change is-${change.kind}`} data-testid="trace-change">
            <span className="badge">{t.changedKinds[change.kind]}</span>{" "}
            {change.context !== undefined && metricId !== "context_precision" && metricId !== "context_utilization" ? (
              <span className="muted">{t.contextN(change.context)} · </span>
            ) : null}
            <span className="trace-change-text">
              {metricId === "context_precision" || metricId === "context_utilization" ? t.contextN(change.context ?? 0) : change.text}
            </span>
            <span className="trace-change-values">
              {change.kind !== "added" ? <span className={cls(change.before)}>{show(change.before)}</span> : null}
              {change.kind === "changed" ? " → " : null}
              {change.kind !== "removed" ? <span className={cls(change.after)}>{show(change.after)}</span> : null}
            </span>
            {change.reasonAfter || change.reasonBefore ? <span className="trace-change-reason muted">{change.reasonAfter ?? change.reasonBefore}</span> : null}
          </li>
        ))}
      </ul>
      {diff.unchanged > 0 ? <p className="muted">{t.unchanged(diff.unchanged)}</p> : null}
    </section>
  );
}
