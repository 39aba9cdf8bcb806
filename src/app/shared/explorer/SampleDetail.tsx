import { useMemo } from "react";
import type { AnyMetricId } from "../../../engine/metrics/types";
import { storedResultsSchema } from "../../../storage/db/stored-results";
import { MetricCard } from "../results/MetricCard";
import { ConversationView } from "./conversation/ConversationView";
import { useExplorerT } from "./messages";
import type { ExplorerRow } from "./rows";

/**
 * One sample with the playground's own result cards (score, reason, trace view, call log). The
 * results pass the same trace schemas the playground applies to stored results before React sees them.
 */
export function SampleDetail({
  row,
  metrics,
  tracesOmitted,
  label,
}: {
  row: ExplorerRow;
  metrics: readonly AnyMetricId[];
  tracesOmitted?: boolean;
  label?: string;
}) {
  const t = useExplorerT();
  const checked = useMemo(() => storedResultsSchema.safeParse(row.metrics), [row]);
  const { sample } = row;
  return (
    <article className="sample-detail" aria-label={label ?? t.names.sample(sample.id)}>
      <h3>{label ?? t.detailTitle(sample.id)}</h3>
      <dl className="sample-fields">
        <dt>{t.question}</dt>
        <dd className="pre-text">{sample.question}</dd>
        <dt>{t.answer}</dt>
        <dd className="pre-text">{sample.answer}</dd>
        <dt>{t.contexts}</dt>
        <dd>
          <ol className="context-list">
            {sample.contexts.map((c, i) => (
              // Contexts are fixed, ordered text: the position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: a report's contexts never reorder
              <li key={i} className="pre-text">
                {c}
              </li>
            ))}
          </ol>
        </dd>
        {sample.reference !== undefined ? (
          <>
            <dt>{t.reference}</dt>
            <dd className="pre-text">{sample.reference}</dd>
          </>
        ) : null}
      </dl>
      {sample.messages ? <ConversationView sample={sample} metrics={row.metrics} /> : null}
      {tracesOmitted ? <p className="note">{t.noTraces}</p> : null}
      {checked.success ? (
        <div className="cards">
          {metrics.map((id) => {
            const result = checked.data[id];
            // The pass mark is the report's (contract 14), read from the row as stored.
            return result ? <MetricCard key={id} id={id} result={result} contexts={sample.contexts} pass={row.metrics[id]?.pass} /> : null;
          })}
        </div>
      ) : (
        <p className="note note-error">{t.traceUnreadable(checked.error.issues[0]?.message ?? "")}</p>
      )}
    </article>
  );
}
