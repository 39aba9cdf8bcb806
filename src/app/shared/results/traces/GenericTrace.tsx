import { formatScore } from "../format";
import { genericTraceSections } from "./generic-trace";
import { Verdict } from "./Verdict";

/**
 * The trace of a metric with no view of its own (a metric is one folder: it needs no app edit to
 * show its trace). Field names are the trace's own, shown as code.
 */
export function GenericTrace({ trace }: { trace: unknown }) {
  const sections = genericTraceSections(trace);
  if (!sections.length) return null;
  return (
    <div className="trace trace-generic">
      {sections.map((section) =>
        section.kind === "value" ? (
          <p key={section.field}>
            <code>{section.field}</code> {section.value}
          </p>
        ) : (
          <div key={section.field}>
            <h4>
              <code>{section.field}</code>
            </h4>
            <ol className="trace-list">
              {section.kind === "values"
                ? section.values.map((value, i) => (
                    <li key={i}>
                      <p className="item-text">{value}</p>
                    </li>
                  ))
                : section.items.map((item, i) => (
                    <li key={i} className={item.flags.length ? (item.flags.every((f) => f.on) ? "item-yes" : "item-no") : undefined}>
                      {item.flags.map((f) => (
                        <Verdict key={f.name} ok={f.on} label={f.name} />
                      ))}
                      {item.numbers.map((n) => (
                        <span key={n.name} className="muted">
                          {" "}
                          <code>{n.name}</code> {Number.isInteger(n.value) ? n.value : formatScore(n.value)}
                        </span>
                      ))}
                      {item.text ? <p className="item-text">{item.text}</p> : null}
                      {item.reason ? <p className="item-reason">{item.reason}</p> : null}
                    </li>
                  ))}
            </ol>
          </div>
        ),
      )}
    </div>
  );
}
