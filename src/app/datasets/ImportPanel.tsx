import { type DragEvent, useState } from "react";
import { HubImport } from "./HubImport";
import { ImportedByName } from "./ImportedByName";
import { useImport } from "./import/useImport";
import { MappingStep } from "./MappingStep";
import { useDatasetsT } from "./messages";
import { useEnglishName } from "../shared/i18n/accessible-name";

async function bytesOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

/** Import by file picker, drag and drop or paste; then the mapping step until stored or cancelled. */
export function ImportPanel() {
  const named = useEnglishName();
  const t = useDatasetsT();
  const { phase, start, setMapping, setName, cancel, commit, review } = useImport();
  const [pasted, setPasted] = useState("");
  const [dragging, setDragging] = useState(false);
  const open = (file: File | undefined) => {
    if (file) void bytesOf(file).then((bytes) => start(file.name, bytes));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    open(event.dataTransfer.files[0]);
  };

  // A by-name file is stored as soon as it validates: no mapping step to flash in between.
  if (phase.kind === "mapping" && !phase.byName)
    return (
      <MappingStep
        table={phase.table}
        mapping={phase.mapping}
        name={phase.name}
        result={phase.result}
        saving={phase.saving}
        onMapping={setMapping}
        onName={setName}
        replaces={phase.replaces?.name}
        onImport={(validOnly) => void commit(validOnly)}
        onCancel={() => cancel(phase.replaces === undefined)}
      />
    );

  return (
    <section className="ds-import" aria-label={t.importTitle}>
      <h3>{t.importTitle}</h3>
      <p className="field-hint">{t.importHint}</p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the file input inside is the keyboard path */}
      <div
        className={`ds-drop${dragging ? " ds-drop-active" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="dataset-drop"
      >
        <label className="btn">
          {t.chooseFile}
          <input
            type="file"
            className="visually-hidden"
            aria-label={named("Import dataset")}
            accept=".csv,.json,.jsonl,.ndjson,.parquet,text/csv,application/json"
            onChange={(e) => {
              open(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </label>
        <span>{t.dropHere}</span>
      </div>
      <label className="ds-paste">
        {t.pasteLabel}
        <textarea aria-label={named("Paste dataset")} rows={4} value={pasted} spellCheck={false} onChange={(e) => setPasted(e.target.value)} />
      </label>
      <button type="button" className="btn" disabled={pasted.trim() === ""} onClick={() => start(t.pastedName, new TextEncoder().encode(pasted))}>
        {t.pasteButton}
      </button>
      <HubImport onRows={start} />
      {phase.kind === "mapping" && phase.byName ? <p className="ds-reading">{t.checking}</p> : null}
      {phase.kind === "imported" ? <ImportedByName columns={phase.table.columns} mapping={phase.mapping} onReview={review} /> : null}
      {phase.kind === "reading" ? (
        <div className="ds-reading">
          <span>{t.reading(phase.file)}</span>
          <progress aria-label={t.names.importProgress} max={1} value={phase.progress} />
          <button type="button" className="btn btn-quiet" aria-label={named("Cancel import")} onClick={() => cancel()}>
            {t.cancelImport}
          </button>
        </div>
      ) : null}
      {phase.kind === "failed" ? (
        <div className="note note-error" role="alert">
          {t.nothingImported(phase.message)}
          {phase.issues.length > 1 ? (
            <ul>
              {phase.issues.slice(1, 20).map((issue, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: issues have no identity but their place
                <li key={i}>{[issue.row === undefined ? "" : `row ${issue.row}`, issue.field, issue.message].filter(Boolean).join(" · ")}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
