import { useMemo } from "react";
import { METRIC_IDS, METRICS } from "../../engine";
import { generationPromptIds } from "../../engine/prompts/catalogue";
import { useT } from "../shared/i18n";
import { useFormats } from "../shared/i18n/format";
import { checkDraft, draftOf, hasErrors, sameDraft } from "./logic/draft";
import { stepName, useStudioT } from "./messages";
import { activeOverridesOf, PROMPTS, useStudio } from "./state/store";

/** Test-set generation's prompts, listed after the metrics' under one heading. */
const GENERATION = "testset";
const GENERATION_IDS = generationPromptIds();

/**
 * Who else sends this prompt, named: other metrics (answer correctness and noise sensitivity reuse
 * faithfulness's statement prompts), and test-set generation (its gate reuses them too).
 */
function sharedWith(promptId: string, owner: string, metricName: (id: string) => string, generation: string): string[] {
  const metrics = METRIC_IDS.filter((m) => m !== owner && METRICS[m].prompts.some((p) => p.id === promptId)).map(metricName);
  return owner !== GENERATION && GENERATION_IDS.has(promptId) ? [...metrics, generation] : metrics;
}

/** Every metric's prompts, with what state each is in (edited, has problems, which version is active). */
export function PromptList() {
  const t = useStudioT();
  const app = useT();
  const fmt = useFormats();
  const { drafts, versions, active, selectedId } = useStudio();
  const rows = useMemo(() => {
    const overrides = activeOverridesOf(versions, active);
    return PROMPTS.map((prompt) => {
      const draft = drafts[prompt.id]!;
      return {
        prompt,
        edited: !sameDraft(draft, draftOf(prompt, overrides[prompt.id])),
        invalid: hasErrors(checkDraft(prompt, draft).issues),
        activeName: overrides[prompt.id]?.versionName,
      };
    });
  }, [drafts, versions, active]);
  const others = (promptId: string, owner: string) => sharedWith(promptId, owner, (m) => app.metrics[m as keyof typeof app.metrics], t.generationGroup);

  return (
    <nav className="panel studio-list" aria-label={t.promptsOf}>
      {[...METRIC_IDS, GENERATION]
        .filter((metric) => rows.some((r) => r.prompt.metric === metric))
        .map((metric) => (
          <section key={metric} className="studio-group">
            <h3>{metric === GENERATION ? t.generationGroup : app.metrics[metric as keyof typeof app.metrics]}</h3>
            <ul>
              {rows
                .filter((r) => r.prompt.metric === metric)
                .map(({ prompt, edited, invalid, activeName }) => (
                  <li key={prompt.id}>
                    <button
                      type="button"
                      className="studio-prompt"
                      aria-current={prompt.id === selectedId ? "true" : undefined}
                      onClick={() => useStudio.setState({ selectedId: prompt.id, diff: false })}
                    >
                      <span className="studio-prompt-title">{stepName(t, prompt)}</span>
                      <code>{prompt.id}</code>
                      {others(prompt.id, metric).length ? (
                        <span className="muted studio-shared">{t.alsoUsedBy(fmt.list(others(prompt.id, metric)))}</span>
                      ) : null}
                      <span className="studio-badges">
                        <span className={`badge${activeName ? " badge-version" : ""}`}>{activeName ? t.activeVersion(activeName) : t.builtIn}</span>
                        {edited ? <span className="badge badge-edited">{t.edited}</span> : null}
                        {invalid ? <span className="badge badge-invalid">{t.invalid}</span> : null}
                      </span>
                    </button>
                  </li>
                ))}
            </ul>
          </section>
        ))}
    </nav>
  );
}
