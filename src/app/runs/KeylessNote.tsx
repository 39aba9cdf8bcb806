import type { AnyMetricId, CustomJudge } from "../../engine";
import { currentT, type Messages, useT } from "../shared/i18n";
import { formatsFor, useFormats } from "../shared/i18n/format";
import { judgeNamesOf } from "../shared/persist/custom-judges";
import { metricLabel } from "../shared/results/labels";
import { useApp } from "../shared/store";
import { keylessSplit } from "./keyless-split";
import { runsT, useRunsT } from "./messages";
import { useRuns } from "./run-state";

const names = (ids: readonly AnyMetricId[], t: Messages, list: (items: string[]) => string, judges: Record<string, string>) =>
  list(ids.map((id) => metricLabel(t, id, judges)));

/** What a run started without a key left out, in the language shown (null: it left nothing out). */
export function keylessSkipText(runId: string, judges: readonly CustomJudge[] = []): string | null {
  const skipped = useRuns.getState().keylessSkips[runId];
  if (!skipped?.length) return null;
  return runsT().keylessSkipped(names(skipped, currentT(), formatsFor(useApp.getState().lang).list, judgeNamesOf(judges)));
}

/** In the run form, before Start: with no key, which chosen metrics will run and which are skipped. */
export function KeylessPlanNote({ metrics, judges }: { metrics: readonly AnyMetricId[]; judges: readonly CustomJudge[] }) {
  const t = useRunsT();
  const app = useT();
  const fmt = useFormats();
  const split = keylessSplit(metrics, judges);
  if (metrics.length === 0 || split.skipped.length === 0) return null;
  const label = (ids: readonly AnyMetricId[]) => names(ids, app, fmt.list, judgeNamesOf(judges));
  return (
    <p className="note note-warn runs-keyless" data-testid="keyless-plan">
      {split.run.length > 0 ? t.keylessPlan(label(split.run), label(split.skipped)) : t.keylessNone}{" "}
      <button type="button" className="btn btn-link" onClick={() => useApp.getState().setSettingsOpen(true)}>
        {t.openSettings}
      </button>
    </p>
  );
}

/** In the run's result: what a run started without a key skipped (kept for the session). */
export function KeylessSkipNote({ runId, judges }: { runId: string; judges: readonly CustomJudge[] }) {
  useRunsT();
  useRuns((s) => s.keylessSkips[runId]);
  const text = keylessSkipText(runId, judges);
  return text ? (
    <p className="note note-warn" data-testid="keyless-skipped">
      {text}
    </p>
  ) : null;
}
