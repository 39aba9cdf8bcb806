import type { ContextRelevanceTrace as Trace } from "../../../../engine";
import { useT } from "../../i18n";
import { segmentContext } from "./highlight";

/** Every context as written, with the sentences needed to answer the question highlighted in place. */
export function ContextRelevanceTrace({ trace, contexts }: { trace: Trace; contexts: readonly string[] }) {
  const t = useT();
  if (!trace.sentences?.length) return null;
  return (
    <div className="trace">
      <h4>
        {t.trace.relevanceHead} <mark className="legend">{t.trace.needed}</mark>
      </h4>
      <ol className="trace-list">
        {contexts.map((text, index) => {
          const own = trace.sentences.filter((s) => s.context === index);
          const needed = own.filter((s) => s.relevant === 1).length;
          const segments = segmentContext(text, own);
          return (
            <li key={index}>
              <div className="item-head">
                <strong>{t.trace.contextN(index + 1)}</strong>
                <span className="pill">{t.trace.neededCount(needed, own.length)}</span>
              </div>
              {segments ? (
                <p className="item-quote">
                  {segments.map((seg, i) =>
                    seg.relevant === true ? (
                      <mark key={i}>{seg.text}</mark>
                    ) : seg.relevant === false ? (
                      <span key={i} className="sentence-unneeded">
                        {seg.text}
                      </span>
                    ) : (
                      <span key={i}>{seg.text}</span>
                    ),
                  )}
                </p>
              ) : (
                <ul className="sentence-list">
                  {own.map((s, i) => (
                    <li key={i}>{s.relevant === 1 ? <mark>{s.text}</mark> : <span className="sentence-unneeded">{s.text}</span>}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
