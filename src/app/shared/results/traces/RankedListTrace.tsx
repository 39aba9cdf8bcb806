import type { MetricTraces } from "../../../../engine";
import { useT } from "../../i18n";

type RankedTrace = MetricTraces["hit_rate"];

/**
 * The trace of a retrieval metric (contract 15): the de-duplicated ranked list, relevant ids marked
 * with their gain, a rule where the cutoff k falls, and how many relevant ids were never retrieved,
 * so the score can be redone by hand.
 */
export function RankedListTrace({ trace }: { trace: RankedTrace }) {
  const t = useT();
  const retrievedRelevant = trace.retrieved.filter((item) => item.gain > 0).length;
  const missed = trace.relevantCount - retrievedRelevant;
  return (
    <section className="ranked-trace" aria-label={t.trace.rankedHead}>
      <h4>{t.trace.rankedHead}</h4>
      {trace.retrieved.length === 0 ? <p className="muted">{t.trace.nothingRetrieved}</p> : null}
      <ol className="ranked-list">
        {trace.retrieved.map((item) => (
          <li key={item.id} className={item.gain > 0 ? "ranked-item ranked-relevant" : "ranked-item"} data-testid="ranked-item">
            <span className="num ranked-rank">{item.rank}</span>
            <span className="ranked-id">{item.id}</span>
            {item.gain > 0 ? (
              <span className="ranked-mark">
                {t.trace.relevantMark}
                {item.gain !== 1 ? ` · ${t.trace.gain(item.gain)}` : ""}
              </span>
            ) : null}
            {trace.k !== null && item.rank === trace.k && item.rank < trace.retrieved.length ? (
              <span className="ranked-cutoff">{t.trace.cutoff(trace.k)}</span>
            ) : null}
          </li>
        ))}
      </ol>
      {missed > 0 ? <p className="muted">{t.trace.missedRelevant(missed)}</p> : null}
    </section>
  );
}
