import { useEffect, useState } from "react";
import { useFormats } from "../shared/i18n/format";
import { useApp } from "../shared/store";
import type { LiveProgress } from "./agreement-run";
import { type AgreementMessages, useAgreementT } from "./messages";
import { costText } from "./spend-text";

export interface RunProgressState extends LiveProgress {
  /** Date.now() when Run was pressed, and when the run ended (the clock stops there). */
  startedAt: number;
  endedAt?: number;
}

function duration(ms: number, t: AgreementMessages): string {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  const s = Math.round(ms / 1000);
  if (s < 60) return t.durationS(s);
  const m = Math.floor(s / 60);
  if (m < 60) return t.durationMinS(m, s % 60);
  return t.durationHMin(Math.floor(m / 60), m % 60);
}

/**
 * The run's bar (named "Agreement progress", aria-valuenow = judgements done) and one line under
 * it: done / total, elapsed, ETA at the pace so far, tokens and the estimated cost with the
 * Settings' prices, the connection check's request included.
 */
export function ProgressLine({ progress }: { progress: RunProgressState }) {
  const t = useAgreementT();
  const fmt = useFormats();
  const prices = useApp((s) => s.settings.prices);
  const [now, setNow] = useState(Date.now());
  const live = progress.endedAt === undefined;
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [live]);
  const { done, total, spend } = progress;
  const elapsed = (progress.endedAt ?? Math.max(now, progress.startedAt)) - progress.startedAt;
  const eta = !live ? 0 : done > 0 && total > 0 ? (elapsed / done) * (total - done) : Number.NaN;
  const cost = costText(spend.byModel, prices, t, fmt) ?? "–";
  return (
    <>
      <progress aria-label={t.names.progress} max={total || 1} value={done}>
        {t.running(done, total)}
      </progress>
      <p className="agreement-progress-line" data-testid="agreement-progress-line">
        {t.progressLine(done, total, duration(elapsed, t), duration(eta, t), spend.promptTokens + spend.completionTokens, cost)}
      </p>
    </>
  );
}
