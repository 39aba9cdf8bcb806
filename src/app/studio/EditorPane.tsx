import { useMemo } from "react";
import { isGenerationPrompt } from "../../engine/prompts/catalogue";
import { checkDraft, draftOf, DRAFT_FIELDS, type DraftField } from "./logic/draft";
import { stepName, useStudioT } from "./messages";
import { useT } from "../shared/i18n";
import { CodeEditor } from "./monaco/CodeEditor";
import { DiffView } from "./monaco/DiffView";
import { fieldUri } from "./monaco/models";
import { TEMPLATE_LANGUAGE } from "./monaco/template-language";
import { IssueList } from "./IssueList";
import { promptById, setDraftField, useStudio } from "./state/store";
import { openVersion } from "./state/versions";
import { TranslateBar } from "./TranslateBar";
import { TranslationReview } from "./TranslationReview";
import { VersionPanel } from "./VersionPanel";

const LANGUAGE: Record<DraftField, string> = { instruction: "plaintext", inputTemplate: TEMPLATE_LANGUAGE, examplesText: "json" };

/** The selected prompt: its three texts in Monaco (or diffed against the default), its problems and versions. */
export function EditorPane() {
  const t = useStudioT();
  const app = useT();
  const { selectedId, field, diff, drafts, translation } = useStudio();
  const prompt = promptById(selectedId);
  const draft = drafts[selectedId]!;
  const check = useMemo(() => checkDraft(prompt, draft), [prompt, draft]);
  const defaults = useMemo(() => draftOf(prompt), [prompt]);
  const issues = check.issues.filter((i) => i.field === field);
  const label = t.editorLabel(t.fields[field], prompt.id);
  const reviewing = translation?.promptId === selectedId;
  const owner = isGenerationPrompt(prompt) ? t.generationGroup : ((app.metrics as Record<string, string>)[prompt.metric] ?? prompt.metric);
  const title = t.editorTitle(owner, stepName(t, prompt));

  return (
    <section className="panel studio-editor" aria-labelledby="studio-prompt-title">
      <header className="studio-editor-head">
        <div>
          <h3 id="studio-prompt-title">{title}</h3>
          <code>{prompt.id}</code>
        </div>
        <span className="pill" title={t.hash}>
          {t.hash} <code data-testid="prompt-hash">{check.hash ?? "—"}</code>
        </span>
      </header>

      <div className="studio-tabs" role="tablist" aria-label={title}>
        {DRAFT_FIELDS.map((f) => {
          const errors = check.issues.filter((i) => i.field === f && i.severity === "error").length;
          return (
            <button
              key={f}
              type="button"
              role="tab"
              id={`tab-${f}`}
              aria-selected={f === field}
              aria-controls="studio-tabpanel"
              onClick={() => useStudio.setState({ field: f })}
            >
              {t.fields[f]}
              {errors > 0 ? (
                <span className="tab-count">
                  {/* A plain span cannot carry a label: the number is shown, the words are read. */}
                  <span aria-hidden="true">{errors}</span>
                  <span className="visually-hidden">{` ${errors} ${t.problems}`}</span>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>

      <div id="studio-tabpanel" role="tabpanel" aria-labelledby={`tab-${field}`} className="studio-tabpanel">
        <p className="field-hint">{t.fieldHint[field]}</p>
        {reviewing ? null : (
          <div className="studio-toolbar">
            <button type="button" className="btn btn-small" aria-pressed={diff} onClick={() => useStudio.setState({ diff: !diff })}>
              {t.showDiff}
            </button>
            <button type="button" className="btn btn-small" onClick={() => openVersion(selectedId, null)}>
              {t.resetToDefault}
            </button>
            {field === "examplesText" ? <TranslateBar /> : null}
          </div>
        )}
        {reviewing ? (
          <TranslationReview review={translation} />
        ) : diff ? (
          <DiffView
            key="diff"
            originalUri={fieldUri(selectedId, `${field}.default`)}
            original={defaults[field]}
            modifiedUri={fieldUri(selectedId, field)}
            modified={draft[field]}
            language={LANGUAGE[field]}
            onChange={(value) => setDraftField(selectedId, field, value)}
            issues={issues}
            ariaLabel={label}
          />
        ) : (
          <CodeEditor
            key="code"
            uri={fieldUri(selectedId, field)}
            language={LANGUAGE[field]}
            value={draft[field]}
            onChange={(value) => setDraftField(selectedId, field, value)}
            issues={issues}
            ariaLabel={label}
            variables={field === "inputTemplate" ? prompt.variables : undefined}
          />
        )}
      </div>

      <IssueList issues={check.issues} />
      <VersionPanel promptId={selectedId} valid={check.override !== undefined} />
    </section>
  );
}
