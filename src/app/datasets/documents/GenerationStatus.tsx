import type { GenerationProgress, GenerationResult } from "../../../engine/testset";
import { useEnglishName } from "../../shared/i18n/accessible-name";
import { questionsPerDocument, questionsPerSynthesizer } from "./coverage";
import type { StoredGeneration } from "./generation-service";
import { cancelGeneration, pauseGeneration, resumeGeneration } from "./generation";
import { useDocumentsT } from "./messages";

/** A generation's live line: progress, the live meter of requests and tokens, Pause and Cancel. */
export function GenerationRunning({ progress, pausing, size }: { progress: GenerationProgress | null; pausing: boolean; size: number }) {
  const t = useDocumentsT().generate;
  const named = useEnglishName();
  const usage = progress?.usage;
  return (
    <>
      <div className="ds-generate-buttons">
        <button type="button" className="btn" aria-label={named("Pause generation")} disabled={pausing} onClick={pauseGeneration}>
          {t.pause}
        </button>
        <button type="button" className="btn btn-quiet" aria-label={named("Cancel generation")} onClick={() => void cancelGeneration()}>
          {t.cancel}
        </button>
      </div>
      <div className="ds-reading">
        <progress aria-label={t.progress} max={progress?.size ?? size} value={progress?.accepted ?? 0} />
        <span>
          {t.running(
            progress?.accepted ?? 0,
            progress?.size ?? size,
            progress?.candidates ?? 0,
            (usage?.chatRequests ?? 0) + (usage?.embeddingRequests ?? 0),
            (usage?.promptTokens ?? 0) + (usage?.completionTokens ?? 0),
          )}
        </span>
      </div>
      {pausing ? <p className="field-hint">{t.pausing}</p> : null}
    </>
  );
}

/**
 * A generation stored and not running here: paused, or interrupted by a reload (announced as an
 * alert, as an interrupted run is), with Resume and Cancel; or run by another tab.
 */
export function StoredGenerationNote({ stored }: { stored: StoredGeneration }) {
  const t = useDocumentsT().generate;
  const named = useEnglishName();
  const { job, state } = stored;
  if (state === "busy") return <p className="note">{t.stored.busy(job.name)}</p>;
  const text = t.stored[state](job.name, job.options.size, job.documents.length);
  return (
    <div className="note interrupted-run" role={state === "interrupted" ? "alert" : "status"}>
      <p>{text}</p>
      <div className="ds-generate-buttons">
        <button type="button" className="btn btn-primary" aria-label={named("Resume generation")} onClick={() => void resumeGeneration()}>
          {t.resume}
        </button>
        <button type="button" className="btn btn-quiet" aria-label={named("Cancel generation")} onClick={() => void cancelGeneration()}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}

/** The finished generation: what was stored, the spend, the rejections and where the questions came from. */
export function GenerationDone({ result, dataset, size }: { result: GenerationResult; dataset: string | null; size: number }) {
  const t = useDocumentsT().generate;
  const { usage, rejected } = result;
  return (
    <div className="note note-ok" role="status">
      <p>
        {t.done(
          result.samples.length,
          size,
          dataset,
          usage.chatRequests + usage.embeddingRequests,
          usage.promptTokens + usage.completionTokens,
          usage.cachedRequests,
        )}
      </p>
      <p>{t.rejected(rejected.grounded, rejected.standalone, rejected.leakage, rejected.duplicate, rejected.error)}</p>
      <CountList title={t.perDocument} counts={questionsPerDocument(result.samples)} />
      <CountList title={t.perSynthesizer} counts={questionsPerSynthesizer(result.samples)} />
      <p>{t.noAnswers}</p>
    </div>
  );
}

function CountList({ title, counts }: { title: string; counts: [string, number][] }) {
  return (
    <dl className="ds-generate-counts" aria-label={title}>
      <dt>{title}</dt>
      {counts.map(([name, n]) => (
        <dd key={name}>
          <span className="ds-doc-name">{name}</span> {n}
        </dd>
      ))}
    </dl>
  );
}
