import { useMemo, useState } from "react";
import type { Sample } from "../../../../engine/sample";
import { useT } from "../../i18n";
import { metricLabel } from "../../results/labels";
import { useConversationT } from "./messages";
import { type CallMark, type ShownCall, type ShownTurn, conversationModel, foldTurns, pairsOf, prettyArgs } from "./model";
import { type TurnVerdict, conversationVerdicts } from "./verdicts";
import { GoalVerdict, TurnVerdicts } from "./Verdicts";
import "../../../styles/conversation.css";

type Words = ReturnType<typeof useConversationT>;

/** A call's mark in words (colour only repeats it); positions are shown 1-based. */
function markText(t: Words, side: "predicted" | "reference", mark: CallMark, partner: number | null): string {
  if (mark === "extra") return t.extra;
  if (mark === "missing") return t.missing;
  return side === "predicted" ? t.matchedReference((partner ?? 0) + 1) : t.matchedCall((partner ?? 0) + 1);
}

function CallCard({ shown, side }: { shown: ShownCall; side: "predicted" | "reference" }) {
  const t = useConversationT();
  const { call, index, mark, partner } = shown;
  return (
    <li className={`tool-card${mark ? ` call-${mark}` : ""}`} aria-label={t.names.call(call.name)} data-testid={`${side}-call-${index}`}>
      <div className="tool-card-head">
        <span className="muted small">{side === "predicted" ? t.callNumber(index + 1) : t.referenceNumber(index + 1)}</span>
        <code className="tool-name">{call.name}</code>
        {mark ? <span className={`call-mark mark-${mark}`}>{markText(t, side, mark, partner)}</span> : null}
      </div>
      <pre className="tool-args">{prettyArgs(call)}</pre>
    </li>
  );
}

function Turn({ turn, verdicts }: { turn: ShownTurn; verdicts: readonly TurnVerdict[] | undefined }) {
  const t = useConversationT();
  const role = t.role[turn.role];
  return (
    <li className={`turn turn-${turn.role}`} aria-label={t.names.turn(turn.index + 1, role)} data-testid={`turn-${turn.index}`}>
      <div className="turn-role muted small">{role}</div>
      {turn.content ? <div className="turn-text pre-text">{turn.content}</div> : null}
      {turn.calls.length > 0 ? (
        <ul className="tool-cards">
          {turn.calls.map((c) => (
            <CallCard key={c.index} shown={c} side="predicted" />
          ))}
        </ul>
      ) : null}
      {verdicts ? <TurnVerdicts turn={turn.index} verdicts={verdicts} /> : null}
    </li>
  );
}

/**
 * A conversation sample's turns as chat bubbles (tool results as compact cards), each assistant
 * turn's tool calls as cards, and the reference calls beside them, marked as the tool-call
 * metric's trace paired them. A long conversation folds its middle turns behind a button.
 */
export function ConversationView({
  sample,
  metrics,
}: {
  sample: Pick<Sample, "messages" | "referenceToolCalls">;
  metrics: Readonly<Record<string, { trace?: unknown } | undefined>>;
}) {
  const t = useConversationT();
  const app = useT();
  const [expanded, setExpanded] = useState(false);
  const model = useMemo(() => {
    const paired = pairsOf(metrics);
    return conversationModel(sample, paired?.pairs ?? null, paired?.pairedBy ?? null);
  }, [sample, metrics]);
  const verdicts = useMemo(() => conversationVerdicts(sample.messages?.length ?? 0, metrics), [sample, metrics]);
  const { head, folded, tail } = foldTurns(model.turns, expanded);
  return (
    <section className="conversation" aria-label={t.names.conversation}>
      <h4>
        {t.title} <span className="muted small">{t.turns(model.turns.length)}</span>
      </h4>
      <p className="muted small" data-testid="paired-by">
        {model.pairedBy ? t.pairedBy(metricLabel(app, model.pairedBy)) : t.unpaired}
      </p>
      <div className="conversation-columns">
        <ol className="turns">
          {head.map((turn) => (
            <Turn key={turn.index} turn={turn} verdicts={verdicts.byTurn.get(turn.index)} />
          ))}
          {folded > 0 ? (
            <li className="turns-folded">
              <button type="button" className="btn btn-small" onClick={() => setExpanded(true)}>
                {t.showFolded(folded)}
              </button>
            </li>
          ) : null}
          {tail.map((turn) => (
            <Turn key={turn.index} turn={turn} verdicts={verdicts.byTurn.get(turn.index)} />
          ))}
          {verdicts.goal ? <GoalVerdict goal={verdicts.goal} /> : null}
        </ol>
        <section className="reference-calls" aria-label={t.names.referenceCalls}>
          <h5>{t.referenceCalls}</h5>
          {model.reference.length > 0 ? (
            <ul className="tool-cards">
              {model.reference.map((c) => (
                <CallCard key={c.index} shown={c} side="reference" />
              ))}
            </ul>
          ) : (
            <p className="muted small">{t.noReference}</p>
          )}
        </section>
      </div>
    </section>
  );
}
