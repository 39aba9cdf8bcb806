import { useEffect, useState } from "react";
import { useFormats } from "../i18n/format";
import type { MetricResult } from "../../../engine";
import { useT } from "../i18n";
import { appDb } from "../persist/db";
import { activePromptOverrides } from "../ports/prompt-overrides";
import { activateUsed, differencesFromActive, type PromptDifference, promptsUsedBy } from "./prompts-used";

/**
 * Under finished results: which of the prompts they were scored with are not the active ones now
 * (typically a sample reopened from history), with one button to make those versions active again.
 */
export function PromptsUsedNote({ results }: { results: Readonly<Record<string, MetricResult | undefined>> }) {
  const t = useT();
  const fmt = useFormats();
  const [differences, setDifferences] = useState<PromptDifference[]>([]);
  useEffect(() => {
    let stale = false;
    void differencesNow(results)
      .then((found) => {
        if (!stale) setDifferences(found);
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [results]);
  if (differences.length === 0) return null;

  const names = differences.map((d) => {
    const name = d.versionId === null ? t.results.builtInPrompt : `“${d.versionName ?? "?"}”`;
    return `${d.promptId} (${d.versionId === undefined ? t.results.versionGone(name) : name})`;
  });
  const restorable = differences.some((d) => d.versionId !== undefined);
  const restore = async () => {
    const db = await appDb();
    if (db) await activateUsed(db, differences);
    setDifferences(await differencesNow(results));
  };
  return (
    <div className="note note-warn" role="status" aria-label={t.results.promptsUsedName}>
      <p>{t.results.promptsDiffer(fmt.list(names))}</p>
      {restorable ? (
        <button type="button" className="btn btn-small" onClick={() => void restore()}>
          {t.results.useTheseVersions}
        </button>
      ) : null}
    </div>
  );
}

async function differencesNow(results: Readonly<Record<string, MetricResult | undefined>>): Promise<PromptDifference[]> {
  const db = await appDb();
  return db ? differencesFromActive(db, promptsUsedBy(results), await activePromptOverrides()) : [];
}
