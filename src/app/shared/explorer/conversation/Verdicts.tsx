import { useT } from "../../i18n";
import { metricLabel } from "../../results/labels";
import { useConversationT } from "./messages";
import { type ConversationVerdicts, type TurnVerdict, verdictIsGood } from "./verdicts";

type Words = ReturnType<typeof useConversationT>;

/** A verdict in words (colour only repeats them). */
function verdictWords(t: Words, v: TurnVerdict): string {
  return v.metric === "conversation_faithfulness" ? t.supported(v.supported) : t.topic(v.onTopic, v.answered);
}

/** The judges' verdicts on one message, as a compact list under its bubble. */
export function TurnVerdicts({ turn, verdicts }: { turn: number; verdicts: readonly TurnVerdict[] }) {
  const t = useConversationT();
  const app = useT();
  return (
    <ul className="verdicts" aria-label={t.names.verdicts(turn + 1)}>
      {verdicts.map((v, i) => (
        // A trace's verdicts are fixed and ordered: the position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: verdicts never reorder
        <li key={i} className={`verdict verdict-${verdictIsGood(v) ? "good" : "bad"}`}>
          <span className="verdict-metric muted small">{metricLabel(app, v.metric)}</span>
          <span className="verdict-mark">{verdictWords(t, v)}</span>
          {v.metric === "conversation_faithfulness" ? <q className="verdict-statement">{v.statement}</q> : null}
          {v.reason ? <span className="verdict-reason muted">{v.reason}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Agent goal accuracy's one verdict on the whole conversation: the turns list's last item, after the last message. */
export function GoalVerdict({ goal }: { goal: NonNullable<ConversationVerdicts["goal"]> }) {
  const t = useConversationT();
  const app = useT();
  return (
    <li className={`goal-verdict verdict verdict-${goal.reached ? "good" : "bad"}`} aria-label={t.names.goalVerdict} data-testid="goal-verdict">
      <span className="verdict-metric muted small">{metricLabel(app, "agent_goal_accuracy")}</span>
      <span className="verdict-mark">{t.goalReached(goal.reached)}</span>
      <span className="verdict-goal">{t.goal(goal.goal)}</span>
      {goal.reason ? <span className="verdict-reason muted">{goal.reason}</span> : null}
    </li>
  );
}
