import { useState, type FormEvent } from "react";
import { useFormats } from "../shared/i18n/format";
import { resolvePrompt } from "../../engine";
import { versionOverride } from "../../storage/db/prompt-versions";
import { useStudioT } from "./messages";
import { promptById, useStudio } from "./state/store";
import { activate, openVersion, removeVersion, saveDraftAsVersion } from "./state/versions";

/**
 * The prompt's saved versions: which one Score uses (a radio group, the built-in default first),
 * open one in the editor, delete one, or save the editor's text as a new named version.
 */
export function VersionPanel({ promptId, valid }: { promptId: string; valid: boolean }) {
  const t = useStudioT();
  const fmt = useFormats();
  const versions = useStudio((s) => s.versions).filter((v) => v.promptId === promptId);
  const activeId = useStudio((s) => s.active[promptId] ?? null);
  const openedId = useStudio((s) => s.opened[promptId] ?? null);
  const storage = useStudio((s) => s.storage);
  const [name, setName] = useState("");
  const prompt = promptById(promptId);

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (await saveDraftAsVersion(promptId, name)) setName("");
  };

  const rows = [
    { id: null, name: t.useDefault, hash: resolvePrompt(prompt).hash, at: null as number | null },
    ...versions.map((v) => ({ id: v.id, name: v.name, hash: resolvePrompt(prompt, versionOverride(v)).hash, at: v.createdAt })),
  ];

  return (
    <section className="studio-versions" aria-labelledby="versions-title">
      <h4 id="versions-title">{t.versions}</h4>
      <p className="field-hint">{t.versionsHint}</p>
      {/* The group is a div around the list: a <ul> keeps its list role. */}
      <div role="radiogroup" aria-labelledby="versions-title">
        <ul className="version-list">
          {rows.map((row) => (
            <li key={row.id ?? "default"} className={row.id === openedId ? "is-open" : undefined}>
              <label className="version-choice">
                <input
                  type="radio"
                  name={`active-${promptId}`}
                  checked={row.id === activeId}
                  disabled={!storage}
                  onChange={() => void activate(promptId, row.id)}
                  aria-label={t.versionChoiceName(
                    row.id === null ? t.useDefault : t.chooseVersion(row.name),
                    row.hash,
                    row.at !== null ? fmt.dateTime(row.at) : "",
                  )}
                />
                <span className="version-name">{row.name}</span>
                <code className="muted">{row.hash}</code>
                {row.at !== null ? <span className="muted version-date">{fmt.dateTime(row.at)}</span> : null}
              </label>
              <span className="version-actions">
                <button type="button" className="btn btn-small btn-quiet" aria-label={t.openLabel(row.name)} onClick={() => openVersion(promptId, row.id)}>
                  {t.open}
                </button>
                {row.id !== null ? (
                  <button
                    type="button"
                    className="btn btn-small btn-quiet danger"
                    aria-label={t.removeLabel(row.name)}
                    onClick={() => void removeVersion(versions.find((v) => v.id === row.id)!)}
                  >
                    {t.remove}
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <form className="version-save" onSubmit={(e) => void onSave(e)}>
        <input type="text" aria-label={t.versionName} placeholder={t.versionName} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="btn btn-small btn-primary" disabled={!valid || !storage || !name.trim()}>
          {t.saveVersion}
        </button>
      </form>
    </section>
  );
}
