import type { FaithfulnessTrace as Trace } from "../../../../engine";
import { useT } from "../../i18n";
import { Verdict } from "./Verdict";

/** Each statement of the answer, supported by the contexts or not, with the judge's reason. */
export function FaithfulnessTrace({ trace }: { trace: Trace }) {
  const t = useT();
  if (!trace.statements?.length) return null;
  return (
    <div className="trace">
      <h4>{t.trace.statementsHead}</h4>
      <ol className="trace-list">
        {trace.statements.map((s, i) => (
          <li key={i} className={s.verdict === 1 ? "item-yes" : "item-no"}>
            <Verdict ok={s.verdict === 1} label={s.verdict === 1 ? t.trace.supported : t.trace.notSupported} />
            <p className="item-text">{s.text}</p>
            {s.reason ? <p className="item-reason">{s.reason}</p> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
