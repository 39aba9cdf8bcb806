import { useMemo } from "react";
import { resolvePrompt } from "../../engine";
import { versionOverride } from "../../storage/db/prompt-versions";
import { checkDraft } from "./logic/draft";
import { useStudioT } from "./messages";
import { baselineOf, promptById, useStudio } from "./state/store";
import { chooseBaseline } from "./state/versions";

/** The select's value for the built-in default (a version id is never empty). */
const DEFAULT_VALUE = "";

/**
 * "Compare with": which saved version (or the built-in default) the draft's score is set beside.
 * It starts at the active version and, after Save version, at the one active before the save; it
 * says so when the draft is that very text, since the comparison would then show no difference.
 */
export function BaselinePicker({ promptId }: { promptId: string }) {
  const t = useStudioT();
  const versions = useStudio((s) => s.versions);
  const active = useStudio((s) => s.active[promptId] ?? null);
  const baselineId = useStudio((s) => baselineOf(s, promptId));
  const draft = useStudio((s) => s.drafts[promptId]);
  const prompt = promptById(promptId);
  const own = versions.filter((v) => v.promptId === promptId);
  const baselineHash = useMemo(() => {
    const version = own.find((v) => v.id === baselineId);
    return resolvePrompt(prompt, version ? versionOverride(version) : undefined).hash;
  }, [own, baselineId, prompt]);
  const draftHash = useMemo(() => (draft ? checkDraft(prompt, draft).hash : undefined), [prompt, draft]);
  const label = (id: string | null, name: string) => (id === active ? t.activeMark(name) : name);

  return (
    <div className="field studio-baseline">
      <label htmlFor="studio-baseline">{t.compareWith}</label>
      <select
        id="studio-baseline"
        value={baselineId ?? DEFAULT_VALUE}
        onChange={(e) => chooseBaseline(promptId, e.target.value === DEFAULT_VALUE ? null : e.target.value)}
        aria-describedby="baseline-hint"
      >
        <option value={DEFAULT_VALUE}>{label(null, t.useDefault)}</option>
        {own.map((v) => (
          <option key={v.id} value={v.id}>
            {label(v.id, v.name)}
          </option>
        ))}
      </select>
      <p id="baseline-hint" className="field-hint">
        {draftHash === baselineHash ? t.sameAsBaseline : t.compareWithHint}
      </p>
    </div>
  );
}
