import { METRIC_IDS, METRICS, needsNoModel } from "../../engine";
import { useT } from "../shared/i18n";
import { useApp } from "../shared/store";
import { missingReason } from "./missing-reason";
import { useDraftSample } from "./useDraftSample";

/** One checkbox per metric; a metric whose input is missing is disabled and says why. */
export function MetricPicker() {
  const t = useT();
  const selected = useApp((s) => s.selected);
  const toggle = useApp((s) => s.toggleMetric);
  const { sample, hasEmbedder } = useDraftSample();
  return (
    <fieldset className="metrics">
      <legend>{t.sample.metrics}</legend>
      <ul>
        {METRIC_IDS.map((id) => {
          const reason = missingReason(t, id, sample, hasEmbedder);
          const inputId = `metric-${id}`;
          return (
            <li key={id} className={reason ? "metric-option is-disabled" : "metric-option"}>
              <input
                id={inputId}
                type="checkbox"
                aria-label={id}
                aria-describedby={reason ? `${inputId}-why` : undefined}
                checked={selected.includes(id) && !reason}
                disabled={reason !== undefined}
                onChange={(event) => toggle(id, event.target.checked)}
              />
              <label htmlFor={inputId}>
                <span className="metric-name">{t.metrics[id]}</span> <code className="metric-id">{id}</code>
                {needsNoModel(METRICS[id]) ? " " : null}
                {needsNoModel(METRICS[id]) ? (
                  <span className="badge badge-no-judge" title={t.sample.noJudgeHint}>
                    {t.sample.noJudge}
                  </span>
                ) : null}
              </label>
              {reason ? (
                <span id={`${inputId}-why`} className="metric-why">
                  {reason}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
