import { useT } from "../shared/i18n";
import { metricLabel } from "../shared/results/labels";
import { useApp } from "../shared/store";
import { DemoBadge } from "../shared/ui/DemoBadge";
import { isDraftEmpty } from "../shared/sample-draft";
import { revealResults } from "./reveal";
import { cancelScoring, keylessMetrics, scoreDraft } from "./scoring";
import { useDraftSample } from "./useDraftSample";
import { useEnglishName } from "../shared/i18n/accessible-name";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Score / Cancel, the cache switch, and the one status line of the page (role="status"). */
export function ScoreBar() {
  const named = useEnglishName();
  const t = useT();
  const running = useApp((s) => s.scoring.status === "running");
  const hasResults = useApp((s) => s.scoring.status !== "idle");
  const bypassCache = useApp((s) => s.bypassCache);
  const setBypassCache = useApp((s) => s.setBypassCache);
  const status = useApp((s) => s.status);
  const openSettings = useApp((s) => s.setSettingsOpen);
  const empty = useApp((s) => isDraftEmpty(s.draft));
  const selected = useApp((s) => s.selected);
  const { plan } = useDraftSample();
  const needKey = plan.kind === "need_key" && !empty;
  const keyless = needKey ? keylessMetrics(selected) : [];
  const score = () => {
    void scoreDraft();
    // startScoring happens synchronously inside scoreDraft, so a started scoring is visible here.
    if (useApp.getState().scoring.status === "running") revealResults();
  };
  return (
    // A fragment: the dock must be a direct child of the form to stay stuck while the form scrolls.
    <>
      {plan.kind === "demo" ? (
        <p className="note note-demo">
          <DemoBadge /> {t.demo.explain}
        </p>
      ) : null}
      {needKey ? (
        <p className="note note-warn">
          {keyless.length > 0 ? t.sample.keylessOnly(keyless.map((id) => metricLabel(t, id)).join(", ")) : t.sample.needKey}{" "}
          <button type="button" className="link" onClick={() => openSettings(true)}>
            {t.app.settings}
          </button>
        </p>
      ) : null}
      <div className="score-dock">
        <div className="score-actions">
          <button type="button" className="btn btn-primary" aria-label={named("Score")} aria-describedby="score-shortcut" disabled={running} onClick={score}>
            {running ? t.sample.scoring : t.sample.score}
          </button>
          {running ? (
            <button type="button" className="btn" onClick={cancelScoring}>
              {t.sample.cancel}
            </button>
          ) : null}
          <kbd id="score-shortcut" className="shortcut">
            {isMac ? "⌘ Enter" : t.sample.shortcut}
          </kbd>
          <label className="switch">
            <input type="checkbox" role="switch" checked={bypassCache} aria-checked={bypassCache} onChange={(event) => setBypassCache(event.target.checked)} />
            <span>{t.sample.bypassCache}</span>
          </label>
        </div>
        <div className="status-row">
          <p className="status-line" role="status">
            {status(t)}
          </p>
          {hasResults ? (
            <a className="to-results" href="#results">
              {t.results.jump}
            </a>
          ) : null}
        </div>
      </div>
    </>
  );
}
