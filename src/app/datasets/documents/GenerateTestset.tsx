import { useState } from "react";
import { CHECKS, type CheckName, estimateGeneration, type GenerationMode, MODES } from "../../../engine/testset";
import { useEnglishName } from "../../shared/i18n/accessible-name";
import { cancelGeneration, chunksOfDocuments, type GenerateForm, optionsOf, startGeneration, useGeneration } from "./generation";
import { useDocumentsT } from "./messages";
import { useDocuments } from "./store";

const LANGUAGES = ["auto", "en", "zh"] as const;

/**
 * "Generate test set" over the imported documents: size, mode, language and checks, the estimate of
 * calls and tokens before it starts, then progress and a live meter of requests and tokens.
 */
export function GenerateTestset() {
  const t = useDocumentsT().generate;
  const named = useEnglishName();
  const phase = useGeneration((s) => s.phase);
  useDocuments((s) => s.entries); // re-estimate when documents come and go
  const [form, setForm] = useState<GenerateForm>({ size: 10, mode: "graph", language: "auto", checks: [...CHECKS] });
  const [name, setName] = useState(t.defaultName);
  const chunks = chunksOfDocuments();
  if (chunks.length === 0) return null;
  const estimate = estimateGeneration(chunks, optionsOf(form));
  const running = phase.kind === "running";
  const toggle = (check: CheckName, on: boolean) =>
    setForm((f) => ({ ...f, checks: on ? CHECKS.filter((c) => c === check || f.checks.includes(c)) : f.checks.filter((c) => c !== check) }));
  return (
    <section className="ds-generate" aria-label={t.title}>
      <h4>{t.title}</h4>
      <div className="ds-generate-fields">
        <label>
          {t.size}
          <input
            type="number"
            min={1}
            max={1000}
            value={form.size}
            disabled={running}
            aria-label={named("Questions")}
            onChange={(e) => setForm((f) => ({ ...f, size: Math.max(1, Math.min(1000, Math.round(Number(e.target.value) || 1))) }))}
          />
        </label>
        <label>
          {t.mode}
          <select
            value={form.mode}
            disabled={running}
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
          <select
            value={form.language}
            disabled={running}
            aria-label={named("Language")}
            onChange={(e) => setForm((f) => ({ ...f, language: e.target.value }))}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t.languages[l]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.datasetName}
          <input value={name} disabled={running} aria-label={named("Test set name")} onChange={(e) => setName(e.target.value)} />
        </label>
      </div>
      <fieldset className="ds-generate-checks">
        <legend>{t.checks}</legend>
        {CHECKS.map((check) => (
          <label key={check}>
            <input type="checkbox" checked={form.checks.includes(check)} disabled={running} onChange={(e) => toggle(check, e.target.checked)} />
            {t.checkNames[check]}
          </label>
        ))}
      </fieldset>
      <p className="field-hint">{t.estimate(estimate.chatCalls, estimate.embeddingRequests, estimate.promptTokens, estimate.completionTokens)}</p>
      {running ? (
        <button type="button" className="btn" aria-label={named("Cancel generation")} onClick={cancelGeneration}>
          {t.cancel}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          aria-label={named("Generate test set")}
          onClick={() => void startGeneration(form, name.trim() || t.defaultName)}
        >
          {t.start}
        </button>
      )}
      {running ? (
        <div className="ds-reading">
          <progress aria-label={t.progress} max={form.size} value={phase.progress?.accepted ?? 0} />
          <span>
            {t.running(
              phase.progress?.accepted ?? 0,
              form.size,
              phase.progress?.candidates ?? 0,
              (phase.progress?.usage.chatRequests ?? 0) + (phase.progress?.usage.embeddingRequests ?? 0),
              (phase.progress?.usage.promptTokens ?? 0) + (phase.progress?.usage.completionTokens ?? 0),
            )}
          </span>
        </div>
      ) : null}
      {phase.kind === "done" ? (
        <div className="note note-ok" role="status">
          <p>
            {t.done(
              phase.result.samples.length,
              form.size,
              phase.dataset,
              phase.result.usage.chatRequests + phase.result.usage.embeddingRequests,
              phase.result.usage.promptTokens + phase.result.usage.completionTokens,
              phase.result.usage.cachedRequests,
            )}
          </p>
          <p>
            {t.rejected(
              phase.result.rejected.grounded,
              phase.result.rejected.standalone,
              phase.result.rejected.leakage,
              phase.result.rejected.duplicate,
              phase.result.rejected.error,
            )}
          </p>
          <p>{t.noAnswers}</p>
        </div>
      ) : null}
      {phase.kind === "failed" ? (
        <p className="note note-error" role="alert">
          {t.failed(phase.message)}
        </p>
      ) : null}
    </section>
  );
}
