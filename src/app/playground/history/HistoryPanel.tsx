import { type AnyMetricId, METRIC_IDS } from "../../../engine";
import { lowerIsBetter, metricLabel } from "../../shared/results/labels";
import type { HistoryEntry } from "../../../storage/db/history";
import { useT } from "../../shared/i18n";
import type { RawOptions } from "../../shared/metric-picker/groups";
import { thresholdsAsScored } from "../../shared/metric-picker/thresholds";
import { entryToView, removeHistoryEntry } from "../../shared/persist/history-sync";
import { formatScore, scoreLevel } from "../../shared/results/format";
import { useApp } from "../../shared/store";

const MAX_TITLE = 90;

/** The entry's metrics with the options they were scored with (none: defaults); other metrics keep the form's. */
function optionsAsScored(metrics: readonly AnyMetricId[], scored: Record<string, RawOptions>, form: Record<string, RawOptions>): Record<string, RawOptions> {
  const options = { ...form };
  for (const id of metrics) {
    if (scored[id]) options[id] = scored[id];
    else delete options[id];
  }
  return options;
}

/** Every scored sample kept in this browser, newest first; reopen or delete. */
export function HistoryPanel() {
  const t = useT();
  const history = useApp((s) => s.history);
  const lang = useApp((s) => s.lang);
  const running = useApp((s) => s.scoring.status === "running");
  const shownId = useApp((s) => s.scoring.historyId);

  const reopen = (entry: HistoryEntry) => {
    const s = useApp.getState();
    s.loadDraft(entry.sample);
    // The metrics it was scored with, so the next Score scores the set on screen (an entry from
    // before issue 26 kept no options: the form's stay).
    s.restoreMetrics(entry.metrics, entry.options ? optionsAsScored(entry.metrics, entry.options, s.metricOptions) : s.metricOptions);
    // The thresholds it was scored with, so each card shows the pass / fail it had.
    useApp.setState({ thresholds: thresholdsAsScored(entry.metrics, entry.thresholds, s.thresholds) });
    s.showResults(entryToView(entry), entry.createdAt);
    s.setStatus((m) => m.status.reopened);
    document.getElementById("results")?.focus();
  };
  const remove = async (entry: HistoryEntry) => {
    await removeHistoryEntry(entry.id);
    useApp.getState().setStatus((m) => m.status.deleted);
  };
  const when = new Intl.DateTimeFormat(lang === "zh" ? "zh-CN" : "en", { dateStyle: "medium", timeStyle: "short" });

  return (
    <section className="panel history-panel" aria-labelledby="history-title">
      <div className="panel-head">
        <h2 id="history-title">{t.history.title}</h2>
      </div>
      {history.length === 0 ? <p className="empty">{t.history.empty}</p> : null}
      <ul className="history-list">
        {history.map((entry) => {
          const question = entry.sample.question.trim() || t.history.untitled;
          const title = question.length > MAX_TITLE ? `${question.slice(0, MAX_TITLE)}…` : question;
          return (
            <li key={entry.id} className={entry.id === shownId ? "history-item is-current" : "history-item"}>
              <div className="history-main">
                <p className="history-question">{title}</p>
                <p className="history-meta">
                  <time dateTime={new Date(entry.createdAt).toISOString()}>{when.format(entry.createdAt)}</time>
                  <span>{entry.demo ? t.demo.badge : entry.model}</span>
                </p>
              </div>
              <ul className="history-scores" aria-label={t.sample.metrics}>
                {[...METRIC_IDS, ...(entry.metrics as AnyMetricId[]).filter((id) => id.startsWith("custom:"))]
                  .filter((id) => entry.results[id])
                  .map((id) => {
                    const score = entry.results[id]!.score;
                    const level = score === null ? "none" : scoreLevel(lowerIsBetter(id) ? 1 - score : score);
                    return (
                      <li key={id} className={`mini-score score-${level}`} title={metricLabel(t, id)}>
                        <span className="mini-name">{metricLabel(t, id)}</span> {score === null ? entry.results[id]!.error?.code : formatScore(score)}
                      </li>
                    );
                  })}
              </ul>
              <div className="history-actions">
                <button type="button" className="btn btn-small" aria-label={t.history.openLabel(title)} disabled={running} onClick={() => reopen(entry)}>
                  {t.history.open}
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-quiet danger"
                  aria-label={t.history.removeLabel(title)}
                  disabled={running}
                  onClick={() => void remove(entry)}
                >
                  {t.history.remove}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
