import type { StoredAgreementRun } from "../../storage/db/agreement-runs";
import { useFormats } from "../shared/i18n/format";
import { serializeAgreementFile } from "../../storage/format/agreement-file";
import { downloadText } from "../shared/ui/download";
import { FileButton } from "../shared/ui/FileButton";
import { useAgreementT } from "./messages";
import { UsageLine } from "./UsageLine";
import { useEnglishName } from "../shared/i18n/accessible-name";

/**
 * Stored runs, newest first: tick several to see them side by side; export one as its contract-10
 * file, or open one (the CLI's, a colleague's) to store it beside them. Each says what it spent.
 */
export function SavedRuns(props: {
  runs: readonly StoredAgreementRun[];
  compared: readonly string[];
  onCompare: (ids: string[]) => void;
  onDelete: (id: string) => void;
  onOpen: (file: File) => void;
}) {
  const t = useAgreementT();
  const named = useEnglishName();
  const fmt = useFormats();
  return (
    <section className="card agreement-saved" aria-label={t.names.saved}>
      <h3>{t.runs}</h3>
      <FileButton name="Open agreement file" accept=".json,application/json" label={t.openFile} onFile={props.onOpen} />
      {props.runs.length === 0 ? <p className="muted">{t.noRuns}</p> : null}
      <ul>
        {props.runs.map((run) => {
          const c = run.file.config;
          const name = c.label ?? c.model;
          return (
            <li key={run.id}>
              <label className="check">
                <input
                  type="checkbox"
                  aria-label={named(`Compare ${name}`)}
                  checked={props.compared.includes(run.id)}
                  onChange={(e) => props.onCompare(e.target.checked ? [...props.compared, run.id] : props.compared.filter((id) => id !== run.id))}
                />
                <strong>{name}</strong>{" "}
                <span className="muted">
                  {c.model} · {c.source ?? ""} · {fmt.dateTime(run.createdAt)}
                </span>
              </label>{" "}
              <UsageLine file={run.file} />
              <button
                type="button"
                className="btn btn-small"
                aria-label={t.exportName(name)}
                onClick={() => downloadText(serializeAgreementFile(run.file), `ragas-agreement-${run.createdAt.replace(/[:.]/g, "-")}.json`)}
              >
                {t.export}
              </button>
              <button type="button" className="btn btn-small" aria-label={t.deleteName(name)} onClick={() => props.onDelete(run.id)}>
                {t.delete}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
