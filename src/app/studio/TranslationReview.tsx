import { useMemo, useState } from "react";
import { formatUsd } from "../shared/results/format";
import { checkExamplesText } from "./logic/examples-check";
import { useStudioT } from "./messages";
import { DiffView } from "./monaco/DiffView";
import { fieldUri } from "./monaco/models";
import { promptById, setDraftField, useStudio, type TranslationReview as Review } from "./state/store";
import { saveDraftAsVersion } from "./state/versions";

/**
 * The translated examples next to the current ones in Monaco's diff editor. The right side can
 * be corrected by hand; nothing reaches the draft or storage until "Apply" or "Save as version".
 */
export function TranslationReview({ review }: { review: Review }) {
  const t = useStudioT();
  const prompt = promptById(review.promptId);
  const [name, setName] = useState(review.language);
  const issues = useMemo(() => checkExamplesText(review.after, prompt).issues.map((i) => ({ ...i, field: "examplesText" as const })), [review.after, prompt]);
  const blocked = issues.some((i) => i.severity === "error");
  const close = () => useStudio.setState({ translation: null });
  const apply = () => {
    setDraftField(review.promptId, "examplesText", review.after);
    close();
  };
  const save = async () => {
    const draft = { ...useStudio.getState().drafts[review.promptId]!, examplesText: review.after };
    if (await saveDraftAsVersion(review.promptId, name, draft)) close();
  };

  return (
    <div className="studio-review">
      <h4>{t.reviewTitle(review.language)}</h4>
      <p className="field-hint">{t.reviewHint}</p>
      <p className="field-hint">{t.translationCost(review.tokens, review.usd === null ? t.costUnknown : formatUsd(review.usd))}</p>
      <DiffView
        originalUri={fieldUri(review.promptId, "examplesText.before-translation")}
        original={review.before}
        modifiedUri={fieldUri(review.promptId, "examplesText.translation")}
        modified={review.after}
        language="json"
        onChange={(after) => useStudio.setState((s) => (s.translation ? { translation: { ...s.translation, after } } : {}))}
        issues={issues}
        ariaLabel={t.reviewTitle(review.language)}
      />
      <div className="studio-review-actions">
        <button type="button" className="btn btn-small" disabled={blocked} onClick={apply}>
          {t.applyTranslation}
        </button>
        <input type="text" aria-label={t.translationVersionName} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        <button type="button" className="btn btn-small btn-primary" disabled={blocked || !name.trim()} onClick={() => void save()}>
          {t.saveTranslation}
        </button>
        <button type="button" className="btn btn-small btn-quiet" onClick={close}>
          {t.discard}
        </button>
      </div>
    </div>
  );
}
