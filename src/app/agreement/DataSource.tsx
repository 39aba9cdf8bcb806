import { FileButton } from "../shared/ui/FileButton";
import { useState } from "react";
import type { LoadedAgreementData } from "../shared/store";
import { readAgreementFile } from "../../storage/format/agreement-data";
import { type AgreementMessages, useAgreementT } from "./messages";
import { DataPreview } from "./DataPreview";
import { loadRowsApi, ROWS_API_DEFAULTS, type RowsApiSource } from "./rows-api";

export type LoadedData = LoadedAgreementData;

/** A file, or the Hugging Face rows API (base URL editable, e.g. a mirror). A failed load changes nothing. */
export function DataSource({ loaded, onLoaded }: { loaded: LoadedData | null; onLoaded: (data: LoadedData) => void }) {
  const t = useAgreementT();
  const [api, setApi] = useState<RowsApiSource>({ ...ROWS_API_DEFAULTS });
  // A function of the catalogue, so the line follows a language switch; with nothing pending, it
  // says what is loaded (which outlives the view: the data sits in the shared workspace).
  const [pending, setPending] = useState<((m: AgreementMessages) => string) | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (what: () => Promise<LoadedData>) => {
    setBusy(true);
    setPending(() => (m: AgreementMessages) => m.loading);
    try {
      onLoaded(await what());
      setPending(null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setPending(() => (m: AgreementMessages) => m.loadFailed(message));
    } finally {
      setBusy(false);
    }
  };

  const onFile = (file: File) => {
    void load(async () => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const { rows, readings } = await readAgreementFile({ name: file.name, bytes });
      return { rows, readings, source: file.name };
    });
  };

  // The example's rows are a lazy chunk (src/demo/wikieval), read by the same reader as a picked file.
  const onExample = () => {
    void load(async () => {
      const { WIKIEVAL_EXAMPLE } = await import("../../demo/wikieval/example");
      const bytes = new TextEncoder().encode(WIKIEVAL_EXAMPLE.text);
      const { rows, readings } = await readAgreementFile({ name: WIKIEVAL_EXAMPLE.fileName, bytes });
      return { rows, readings, source: WIKIEVAL_EXAMPLE.fileName };
    });
  };

  const field = (key: keyof RowsApiSource, label: string) => (
    <label className="field-inline">
      <span>{label}</span>
      <input value={api[key]} onChange={(e) => setApi({ ...api, [key]: e.target.value })} />
    </label>
  );

  return (
    <section className="card agreement-data">
      <h3>{t.data}</h3>
      <p className="field-hint">{t.fileHint}</p>
      <div className="agreement-sources">
        <FileButton name="Import agreement data" accept=".csv,.tsv,.json,.jsonl,.ndjson,.parquet" label={t.chooseFile} disabled={busy} onFile={onFile} />
        <button type="button" className="btn" disabled={busy} onClick={onExample}>
          {t.tryExample}
        </button>
      </div>
      <p className="field-hint">{t.exampleCredit}</p>
      <details>
        <summary>{t.fromApi}</summary>
        <div className="api-fields">
          {field("baseURL", t.apiBase)}
          {field("dataset", t.apiDataset)}
          {field("config", t.apiConfig)}
          {field("split", t.apiSplit)}
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() =>
              void load(async () => {
                const { rows, readings } = await loadRowsApi(api);
                return { rows, readings, source: `${api.dataset} (${api.split})` };
              })
            }
          >
            {t.loadApi}
          </button>
        </div>
      </details>
      <p className="status" role="status" aria-label={t.names.dataStatus}>
        {pending ? pending(t) : loaded ? t.loaded(loaded.rows.length, loaded.source) : ""}
      </p>
      {loaded && loaded.rows.length > 0 ? <DataPreview rows={loaded.rows} readings={loaded.readings} /> : null}
    </section>
  );
}
