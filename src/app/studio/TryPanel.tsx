import { useMemo } from "react";
import { isGenerationPrompt } from "../../engine/prompts/catalogue";
import { useFormats } from "../shared/i18n/format";
import { draftToSample } from "../shared/sample-draft";
import { formatScore, formatUsd } from "../shared/results/format";
import { useApp } from "../shared/store";
import { BaselinePicker } from "./BaselinePicker";
import { checkDraft } from "./logic/draft";
import { useStudioT } from "./messages";
import { NoticeLine } from "./NoticeLine";
import { scoreWithDraft } from "./state/compare-run";
import { promptById, useStudio, type ScoreSide } from "./state/store";
import { TraceDiffView } from "./TraceDiffView";
import { useLiveRescore } from "./useLiveRescore";

/**
 * The playground sample scored with this prompt's baseline ("Compare with") and with this draft, side by side, with
 * what changed in the trace; live mode re-scores after edits settle, and every re-score's cost
 * is listed.
 */
export function TryPanel() {
  const t = useStudioT();
  const fmt = useFormats();
  useLiveRescore();
  const { selectedId, busy, live, comparison, tryNotice, rescores } = useStudio();
  const draft = useStudio((s) => s.drafts[s.selectedId]!);
  const sampleDraft = useApp((s) => s.draft);
  const sample = useMemo(() => draftToSample(sampleDraft, ""), [sampleDraft]);
  const prompt = promptById(selectedId);
  const errors = useMemo(() => checkDraft(prompt, draft).issues.filter((i) => i.severity === "error"), [prompt, draft]);
  const shown = comparison?.promptId === selectedId ? comparison : null;
  const empty = !sample.question.trim() && !sample.answer.trim();
  if (isGenerationPrompt(prompt))
    return (
      <aside className="panel studio-try" aria-labelledby="try-title">
        <h3 id="try-title">{t.tryTitle}</h3>
        <p className="field-hint">{t.generationTry}</p>
      </aside>
    );

  return (
    <aside className="panel studio-try" aria-labelledby="try-title">
      <h3 id="try-title">{t.tryTitle}</h3>
      <p className="muted studio-sample">{empty ? t.sampleEmpty : t.sampleOf(sample.question)}</p>
      <BaselinePicker promptId={selectedId} />
      <div className="studio-try-actions">
        <button
          type="button"
          className="btn btn-primary"
          title="Ctrl+Enter"
          aria-keyshortcuts="Control+Enter"
          disabled={busy !== null || errors.length > 0 || empty}
          onClick={() => void scoreWithDraft(false)}
        >
          {busy === "score" ? t.scoring : t.scoreWithVersion}
        </button>
        <label className="checkbox">
          <input type="checkbox" checked={live} onChange={(e) => useStudio.setState({ live: e.target.checked })} />
          {t.live}
        </label>
      </div>
      <p className="field-hint">{t.liveHint}</p>
      {errors.length > 0 ? (
        <p className="note note-error" data-testid="score-refused">
          {t.refused(errors.map((i) => i.message).join("; "))}
        </p>
      ) : null}
      <NoticeLine notice={tryNotice} />
      {shown ? (
        <>
          <div className="compare">
            <Side title={t.before} side={shown.before} testId="compare-before" />
            <Side title={t.after} side={shown.after} testId="compare-after" />
          </div>
          <TraceDiffView metricId={shown.metricId} diff={shown.diff} />
        </>
      ) : null}
      {rescores.length > 0 ? (
        <section className="rescores" aria-label={t.rescores}>
          <h4>{t.rescores}</h4>
          <ol>
            {rescores.map((r) => (
              <li key={r.at} data-testid="rescore">
                <span className="muted">{fmt.time(r.at)}</span> {r.live ? <span className="badge">{t.liveBadge}</span> : null}{" "}
                {t.rescoreRow(r.score === null ? (r.code ?? "null") : formatScore(r.score), r.tokens, r.usd === null ? t.costUnknown : formatUsd(r.usd))}
                {r.cached ? <span className="badge badge-cached">{t.cachedAll}</span> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </aside>
  );
}

function Side({ title, side, testId }: { title: string; side: ScoreSide; testId: string }) {
  const t = useStudioT();
  const { result } = side;
  return (
    <div className="compare-side">
      <h4>{title}</h4>
      <p className="compare-score" data-testid={testId}>
        {result.score === null ? (result.error?.code ?? "null") : formatScore(result.score)}
      </p>
      <p className="muted">{side.edited ? t.unsavedEdit(side.versionName ?? t.builtIn) : (side.versionName ?? t.builtIn)}</p>
      <p>
        <span className="muted">{t.hash}</span> <code data-testid={`${testId}-hash`}>{side.hash}</code>
      </p>
      {result.score === null && result.error ? <p className="note note-error">{result.error.message}</p> : null}
    </div>
  );
}
