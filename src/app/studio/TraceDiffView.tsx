import { metricShape } from "../../engine";
import { useApp } from "../shared/store";
import { formatScore } from "../shared/results/format";
import type { TraceDiff } from "./logic/trace-diff";
import { useStudioT } from "./messages";

/** Which items of the trace changed between the two prompts: verdict flips first, then dropped and new items. */
export function TraceDiffView({ metricId, diff }: { metricId: string; diff: TraceDiff }) {
  const t = useStudioT();
  const lang = useApp((s) => s.lang);
  // The metric's folder names its flags in every language, and says whether its items are whole contexts.
  const spec = metricShape(metricId)?.traceDiff;
  const names: readonly string[] = spec?.flagNames?.[lang] ?? [];
  const wholeContexts = spec?.itemsAreContexts === true;
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
            {change.context !== undefined && !wholeContexts ? <span className="muted">{t.contextN(change.context)} · </span> : null}
            <span className="trace-change-text">{wholeContexts ? t.contextN(change.context ?? 0) : change.text}</span>
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
