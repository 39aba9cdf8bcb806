import type { ContextPrecisionTrace as Trace } from "../../../../engine";
import { precisionAtK } from "../../../../engine";
import { useT } from "../../i18n";
import { Verdict } from "./Verdict";

/** The contexts in rank order: useful for reaching the reference or not, and precision@k at each rank. */
export function ContextPrecisionTrace({ trace, contexts }: { trace: Trace; contexts: readonly string[] }) {
  const t = useT();
  if (!trace.contexts?.length) return null;
  const ranked = [...trace.contexts].sort((a, b) => a.index - b.index);
  const atK = precisionAtK(ranked.map((c) => c.verdict));
  return (
    <div className="trace">
      <h4>{t.trace.precisionHead}</h4>
      <ol className="trace-list">
        {ranked.map((c, k) => (
          <li key={c.index} className={c.verdict === 1 ? "item-yes" : "item-no"}>
            <div className="item-head">
              <strong>{t.trace.contextN(c.index + 1)}</strong>
              <Verdict ok={c.verdict === 1} label={c.verdict === 1 ? t.trace.useful : t.trace.notUseful} />
              <span className="pill">
                {t.trace.precisionAtK(k + 1)} = {(atK[k] ?? 0).toFixed(2)}
              </span>
            </div>
            {contexts[c.index] !== undefined ? <p className="item-quote">{contexts[c.index]}</p> : null}
            {c.reason ? <p className="item-reason">{c.reason}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
