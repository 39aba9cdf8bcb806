import { FileButton } from "../shared/ui/FileButton";
import { useStudioT } from "./messages";
import { exportText, importText } from "./state/versions";
import { notify } from "./state/store";
import { downloadText } from "../shared/ui/download";

function fileName(now = new Date()): string {
  return `ragas-prompts-${now.toISOString().slice(0, 19).replace(/[:T]/g, "-")}.json`;
}

/** Export / import of prompt set files: the same JSON the CLI reads with --prompts FILE. */
export function PromptSetIO() {
  const t = useStudioT();

  const onExport = () => {
    const { text, count, unsaved } = exportText();
    downloadText(text, fileName());
    notify("info", (m) => (unsaved ? `${m.exported(count)} ${m.unsavedNotExported}` : m.exported(count)));
  };

  const onImport = async (file: File) => importText(await file.text(), file.name);

  return (
    <div className="report-actions">
      <button type="button" className="btn btn-small" onClick={onExport}>
        {t.exportSet}
      </button>
      <FileButton name="Import prompt set" accept=".json,application/json" label={t.importSet} onFile={(file) => void onImport(file)} />
    </div>
  );
}
