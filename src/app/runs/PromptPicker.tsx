import { useEffect, useMemo, useState } from "react";
import { METRICS, type MetricId, type PromptOverrides } from "../../engine";
import { listPromptVersions, loadActiveVersions, type PromptVersion, versionOverride } from "../../storage/db/prompt-versions";
import { withDb } from "../shared/persist/db";
import { useRunsT } from "./messages";

/**
 * Which saved prompt version each prompt of the chosen metrics runs with: the studio's active
 * one by default, or any other saved version, or the built-in prompt. Prompts without saved
 * versions run built-in and are not listed.
 */
export function PromptPicker({ metrics, onChange }: { metrics: readonly MetricId[]; onChange: (overrides: PromptOverrides) => void }) {
  const t = useRunsT();
  const [versions, setVersions] = useState<PromptVersion[]>([]);
  const [chosen, setChosen] = useState<Record<string, string>>({});

  useEffect(() => {
    void withDb(async (db) => {
      const [{ versions }, { active }] = await Promise.all([listPromptVersions(db), loadActiveVersions(db)]);
      setVersions(versions);
      setChosen(active);
    });
  }, []);

  const promptIds = useMemo(
    () => metrics.flatMap((m) => METRICS[m].prompts.map((p) => p.id)).filter((id) => versions.some((v) => v.promptId === id)),
    [metrics, versions],
  );
  useEffect(() => {
    const overrides: PromptOverrides = {};
    for (const id of promptIds) {
      const version = versions.find((v) => v.id === chosen[id]);
      if (version) overrides[id] = versionOverride(version);
    }
    onChange(overrides);
  }, [promptIds, versions, chosen, onChange]);

  if (promptIds.length === 0) return <p className="field-hint">{t.prompts(t.builtInPrompts)}</p>;
  return (
    <fieldset className="runs-prompts">
      <legend>{t.promptVersions}</legend>
      {promptIds.map((id) => (
        <label key={id}>
          <code>{id}</code>{" "}
          <select aria-label={t.promptVersionFor(id)} value={chosen[id] ?? ""} onChange={(e) => setChosen((c) => ({ ...c, [id]: e.target.value }))}>
            <option value="">{t.builtInPrompts}</option>
            {versions
              .filter((v) => v.promptId === id)
              .map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}
