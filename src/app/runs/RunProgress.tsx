import { useEffect, useState } from "react";
import { useFormats } from "../shared/i18n/format";
import { runTitle } from "./run-title";
import type { RunMeta } from "../../storage/db/runs";
import { formatDuration, formatUsd } from "./estimate";
import { KeylessSkipNote } from "./KeylessNote";
import { useRunsT } from "./messages";
import { cancelRun, pauseRun, resumeRun, retryFailedRun } from "./run-actions";
import { displayStatus, useRuns } from "./run-state";
import { RunNoticeLine } from "./RunNoticeLine";
import { retryFailedBatch, useBatch } from "./batch/batch-run";
import { useEnglishName } from "../shared/i18n/accessible-name";

/** One run's progress and its controls. aria-valuenow counts finished (sample, repeat) pairs. */
export function RunProgress({ meta }: { meta: RunMeta }) {
  const named = useEnglishName();
  const t = useRunsT();
  const fmt = useFormats();
  const live = useRuns((s) => s.live);
  const elsewhere = useRuns((s) => s.elsewhere);
  const c = useRuns((s) => s.counters[meta.id]) ?? { finished: 0, failed: 0, tokens: 0, usd: 0, unpriced: [] };
  const [now, setNow] = useState(Date.now());
  const isLive = live?.runId === meta.id;
  useEffect(() => {
    if (!isLive) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [isLive]);

  const total = meta.sampleCount * meta.repeat;
  const remaining = Math.max(0, total - c.finished);
  const status = displayStatus(meta, live, elsewhere);
  const sessionMs = isLive ? now - live.startedAt : 0;
  const doneThisSession = isLive ? c.finished - live.finishedAtStart : 0;
  const eta = isLive && doneThisSession > 0 ? (sessionMs / doneThisSession) * remaining : Number.NaN;
  // A batch run is polled on by itself (after a reload too) and retried by batch, never resumed by sync at full price.
  const batchBusy = useBatch((s) => s.phase === "running");
  const idle = live === null && !(meta.byBatch && batchBusy);
  const retry = () => void (meta.byBatch ? retryFailedBatch(meta.id) : retryFailedRun(meta.id));

  return (
    <section className="runs-progress" aria-label={meta.name}>
      <p className="runs-status">
        {runTitle(meta, fmt)} · {t.status[status]}
      </p>
      <KeylessSkipNote runId={meta.id} judges={meta.customJudges ?? []} />
      {status === "interrupted" ? <p className="note">{t.interrupted}</p> : null}
      {status === "elsewhere" ? <p className="note">{t.elsewhereNote}</p> : null}
      <div role="progressbar" aria-label={t.names.progress} aria-valuemin={0} aria-valuemax={total} aria-valuenow={c.finished} className="runs-bar">
        <div className="runs-bar-fill" style={{ transform: `scaleX(${total === 0 ? 1 : c.finished / total})` }} />
      </div>
      <p data-testid="run-counts">{t.progress(c.finished - c.failed, c.failed, remaining)}</p>
      <p>{t.timing(formatDuration((meta.activeMs + sessionMs) / 1000, t), isLive ? formatDuration(eta / 1000, t) : "–")}</p>
      <p>{t.spent(c.tokens, c.unpriced.length > 0 ? t.unpriced(fmt.list(c.unpriced)) : formatUsd(c.usd))}</p>
      <div className="runs-buttons">
        {isLive ? (
          <>
            <button type="button" className="btn" aria-label={named("Pause run")} onClick={pauseRun} disabled={live.stopping !== null}>
              {t.pause}
            </button>
            <button type="button" className="btn" aria-label={named("Cancel run")} onClick={cancelRun} disabled={live.stopping !== null}>
              {t.cancel}
            </button>
          </>
        ) : null}
        {idle && !meta.byBatch && status !== "done" && status !== "elsewhere" && remaining > 0 ? (
          <button type="button" className="btn btn-primary" aria-label={named("Resume run")} onClick={() => void resumeRun(meta.id)}>
            {t.resume}
          </button>
        ) : null}
        {idle && status !== "elsewhere" && c.failed > 0 ? (
          <button type="button" className="btn" aria-label={named("Retry failed")} onClick={retry}>
            {t.retry}
          </button>
        ) : null}
      </div>
      <RunNoticeLine at="resume" />
    </section>
  );
}
