import { useMemo } from "react";
import { AGREEMENT_METHODS, AGREEMENT_TASKS, type AgreementMethod, type AgreementRow, type AgreementTask } from "../../engine/agreement/types";
import { keyMissing } from "../shared/ports/transport";
import { useApp } from "../shared/store";
import { estimateRun } from "./agreement-run";
import { useAgreementT } from "./messages";
import { ProgressLine, type RunProgressState } from "./ProgressLine";
import { useEnglishName } from "../shared/i18n/accessible-name";

export interface RunChoiceState {
  tasks: AgreementTask[];
  methods: AgreementMethod[];
  label: string;
}

function toggle<T>(list: readonly T[], item: T, on: boolean, order: readonly T[]): T[] {
  const next = on ? [...list, item] : list.filter((x) => x !== item);
  return order.filter((x) => next.includes(x));
}

/** Tasks, methods, a label, the estimate before starting, Run / Cancel and the progress. */
export function RunPanel(props: {
  rows: readonly AgreementRow[];
  choice: RunChoiceState;
  onChoice: (choice: RunChoiceState) => void;
  running: boolean;
  progress: RunProgressState | null;
  onRun: () => void;
  onCancel: () => void;
}) {
  const named = useEnglishName();
  const t = useAgreementT();
  const settings = useApp((s) => s.settings); // the estimate follows the model and prices
  // The demo judge answers only the playground's built-in examples (recorded replies), never these rows.
  const noKey = useApp((s) => keyMissing(s.settings, s.apiKey));
  const { choice, rows } = props;
  // Rendering every prompt of a large dataset is not free: only when the data or the choice changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: settings is read inside estimateRun
  const est = useMemo(() => (rows.length > 0 ? estimateRun(rows, choice) : null), [rows, choice.tasks, choice.methods, settings]);
  return (
    <section className="card agreement-run">
      <fieldset>
        <legend>{t.tasks}</legend>
        {AGREEMENT_TASKS.map((task) => (
          <label key={task} className="check">
            <input
              type="checkbox"
              checked={choice.tasks.includes(task)}
              onChange={(e) => props.onChoice({ ...choice, tasks: toggle(choice.tasks, task, e.target.checked, AGREEMENT_TASKS) })}
            />
            {t.taskNames[task]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t.methods}</legend>
        {AGREEMENT_METHODS.map((m) => (
          <label key={m} className="check">
            <input
              type="checkbox"
              checked={choice.methods.includes(m)}
              onChange={(e) => props.onChoice({ ...choice, methods: toggle(choice.methods, m, e.target.checked, AGREEMENT_METHODS) })}
            />
            {t.methodNames[m]}
          </label>
        ))}
      </fieldset>
      <label className="field-inline">
        <span>{t.label}</span>
        <input
          aria-label={named("Run label")}
          title={t.labelHint}
          value={choice.label}
          onChange={(e) => props.onChoice({ ...choice, label: e.target.value })}
        />
      </label>
      {est ? (
        <p className="estimate" role="note" aria-label={t.names.estimate}>
          {t.estimate(est.requests, est.embeddings, est.tokens, est.cost ?? t.costUnknown)} · {t.perRow(est.perRow)}
        </p>
      ) : null}
      {noKey && rows.length > 0 ? (
        <p className="note note-warn" id="agreement-need-key">
          {t.needKey}{" "}
          <button type="button" className="btn btn-link" onClick={() => useApp.getState().setSettingsOpen(true)}>
            {t.openSettings}
          </button>
        </p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          aria-label={named("Run agreement")}
          disabled={props.running || noKey || props.rows.length === 0 || choice.tasks.length === 0 || choice.methods.length === 0}
          aria-describedby={noKey ? "agreement-need-key" : undefined}
          onClick={props.onRun}
        >
          {t.run}
        </button>
        {props.running ? (
          <button type="button" className="btn" aria-label={named("Cancel agreement")} onClick={props.onCancel}>
            {t.cancel}
          </button>
        ) : null}
      </div>
      {props.progress ? <ProgressLine progress={props.progress} /> : null}
    </section>
  );
}
