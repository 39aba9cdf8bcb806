import { type DragEvent, useState } from "react";
import { DOCUMENT_EXTENSIONS } from "../../../documents/parse";
import { useEnglishName } from "../../shared/i18n/accessible-name";
import { GenerateTestset } from "./GenerateTestset";
import { useDocumentsT } from "./messages";
import { addDocuments, clearDocuments, removeDocument, useDocuments } from "./store";

const ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(",");

/**
 * "Import documents": pick or drop files; each is parsed in a worker and listed with its chunk count,
 * or with why it was skipped (empty, too short, unreadable, a scanned PDF), by name, so every
 * document given is accounted for.
 */
export function DocumentsImport() {
  const t = useDocumentsT();
  const named = useEnglishName();
  const entries = useDocuments((s) => s.entries);
  const reading = useDocuments((s) => s.reading);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void addDocuments(Array.from(event.dataTransfer.files));
  };
  const parsed = entries.filter((e) => e.ok);
  const chunkCount = parsed.reduce((n, e) => n + e.chunks.length, 0);
  return (
    <section className="ds-import ds-documents" aria-label={t.title}>
      <h3>{t.title}</h3>
      <p className="field-hint">{t.hint}</p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the file input inside is the keyboard path */}
      <div
        className={`ds-drop${dragging ? " ds-drop-active" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="documents-drop"
      >
        <label className="btn">
          {t.choose}
          <input
            type="file"
            multiple
            className="visually-hidden"
            aria-label={named("Choose documents")}
            accept={ACCEPT}
            onChange={(e) => {
              void addDocuments(Array.from(e.target.files ?? []));
              e.target.value = "";
            }}
          />
        </label>
        <span>{t.dropHere}</span>
      </div>
      {reading ? (
        <div className="ds-reading">
          <span>{t.reading(reading.done, reading.total)}</span>
          <progress aria-label={t.names.progress} max={reading.total} value={reading.done} />
        </div>
      ) : null}
      {entries.length > 0 ? (
        <>
          <p role="status">{t.summary(parsed.length, chunkCount, entries.length - parsed.length)}</p>
          <ul className="ds-doc-list" aria-label={t.names.list}>
            {entries.map((entry) => (
              <li key={entry.name} className={entry.ok ? "" : "ds-doc-skipped"}>
                <span className="ds-doc-name">{entry.name}</span>
                {entry.ok ? (
                  <span>
                    {t.chunks(entry.chunks.length)} · {t.characters(entry.document.text.length)}
                  </span>
                ) : (
                  <span title={entry.message}>{t.reasons[entry.reason]}</span>
                )}
                <button type="button" className="btn btn-quiet" aria-label={named(`Remove ${entry.name}`)} onClick={() => removeDocument(entry.name)}>
                  {t.remove}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-quiet" onClick={clearDocuments} aria-label={named("Clear documents")}>
            {t.clear}
          </button>
        </>
      ) : null}
      <GenerateTestset />
    </section>
  );
}
