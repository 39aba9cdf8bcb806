import { useEffect, useState } from "react";
import { CHECKS, type CheckName, estimateGeneration, type GenerationMode, MODES } from "../../../engine/testset";
import { useEnglishName } from "../../shared/i18n/accessible-name";
import { chunksOfDocuments, type GenerateForm, optionsOf, refreshGeneration, startGeneration, useGeneration } from "./generation";
import { GenerationDone, GenerationRunning, StoredGenerationNote } from "./GenerationStatus";
import { useDocumentsT } from "./messages";
import { useDocuments } from "./store";

const LANGUAGES = ["auto", "en", "zh"] as const;

/**
 * "Generate test set" over the imported documents: size, mode, language and checks, the estimate of
 * calls and tokens before it starts, then progress and a live meter of requests and tokens, Pause
 * and Resume. A generation stored by an earlier page (paused, or cut by a reload) is offered here
 * even before any document is given again: its chunks were stored with it.
 */
export function GenerateTestset() {
  const t = useDocumentsT().generate;
  const phase = useGeneration((s) => s.phase);
  useDocuments((s) => s.entries); // re-estimate when documents come and go
  useEffect(() => {
    void refreshGeneration();
  }, []);
  const chunks = chunksOfDocuments();
  const stored = phase.kind === "stored" ? phase : phase.kind === "failed" ? phase.stored : null;
  if (chunks.length === 0 && (phase.kind === "idle" || (phase.kind === "failed" && !stored))) return null;
  return (
    <section className="ds-generate" aria-label={t.title}>
      <h4>{t.title}</h4>
      <NewGenerationForm locked={phase.kind === "running" || stored !== null} />
      {phase.kind === "running" ? <GenerationRunning progress={phase.progress} pausing={phase.pausing} size={phase.size} /> : null}
      {stored ? <StoredGenerationNote stored={stored} /> : null}
      {phase.kind === "done" ? <GenerationDone result={phase.result} dataset={phase.dataset} size={phase.size} /> : null}
      {phase.kind === "failed" ? (
        <p className="note note-error" role="alert">
          {t.failed(phase.message)}
        </p>
      ) : null}
    </section>
  );
}

/** The settings of a new generation and its estimate (the documents given are its corpus). */
function NewGenerationForm({ locked }: { locked: boolean }) {
  const t = useDocumentsT().generate;
  const named = useEnglishName();
  const [form, setForm] = useState<GenerateForm>({ size: 10, mode: "graph", language: "auto", checks: [...CHECKS] });
  const [name, setName] = useState(t.defaultName);
  const chunks = chunksOfDocuments();
  if (chunks.length === 0) return null;
  const estimate = estimateGeneration(chunks, optionsOf(form));
  const toggle = (check: CheckName, on: boolean) =>
    setForm((f) => ({ ...f, checks: on ? CHECKS.filter((c) => c === check || f.checks.includes(c)) : f.checks.filter((c) => c !== check) }));
  return (
    <>
      <div className="ds-generate-fields">
        <label>
          {t.size}
          <input
            type="number"
            min={1}
            max={1000}
            value={form.size}
            disabled={locked}
            aria-label={named("Questions")}
            onChange={(e) => setForm((f) => ({ ...f, size: Math.max(1, Math.min(1000, Math.round(Number(e.target.value) || 1))) }))}
          />
        </label>
        <label>
          {t.mode}
          <select
            value={form.mode}
            disabled={locked}
            aria-label={named("Mode")}
            onChange={(e) => setForm((f) => ({ ...f, mode: e.target.value as GenerationMode }))}
          >
            {MODES.map((m) => (
              <option key={m} value={m}>
                {t.modes[m]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.language}
          <select value={form.language} disabled={locked} aria-label={named("Language")} onChange={(e) => setForm((f) => ({ ...f, language: e.target.value }))}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t.languages[l]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.datasetName}
          <input value={name} disabled={locked} aria-label={named("Test set name")} onChange={(e) => setName(e.target.value)} />
        </label>
      </div>
      <fieldset className="ds-generate-checks">
        <legend>{t.checks}</legend>
        {CHECKS.map((check) => (
          <label key={check}>
            <input type="checkbox" checked={form.checks.includes(check)} disabled={locked} onChange={(e) => toggle(check, e.target.checked)} />
            {t.checkNames[check]}
          </label>
        ))}
      </fieldset>
      <p className="field-hint">{t.estimate(estimate.chatCalls, estimate.embeddingRequests, estimate.promptTokens, estimate.completionTokens)}</p>
      {locked ? null : (
        <div className="ds-generate-buttons">
          <button
            type="button"
            className="btn btn-primary"
            aria-label={named("Generate test set")}
            onClick={() => void startGeneration(form, name.trim() || t.defaultName)}
          >
            {t.start}
          </button>
        </div>
      )}
    </>
  );
}
