import type { ContextRecallTrace as Trace } from "../../../../engine";
import { useT } from "../../i18n";
import { Verdict } from "./Verdict";

/** Each statement of the reference: found in the contexts (attributed) or not, and why. */
export function ContextRecallTrace({ trace }: { trace: Trace }) {
  const t = useT();
  if (!trace.statements?.length) return null;
  return (
    <div className="trace">
      <h4>{t.trace.recallHead}</h4>
      <ol className="trace-list">
        {trace.statements.map((s, i) => (
          <li key={i} className={s.attributed === 1 ? "item-yes" : "item-no"}>
            <Verdict ok={s.attributed === 1} label={s.attributed === 1 ? t.trace.attributed : t.trace.notAttributed} />
            <p className="item-text">{s.text}</p>
            {s.reason ? <p className="item-reason">{s.reason}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
