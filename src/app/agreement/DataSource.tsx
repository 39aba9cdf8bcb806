import { FileButton } from "../shared/ui/FileButton";
import { useState } from "react";
import type { AgreementRow } from "../../engine/agreement/types";
import { readAgreementFile } from "../../storage/format/agreement-data";
import { useAgreementT } from "./messages";
import { loadRowsApi, ROWS_API_DEFAULTS, type RowsApiSource } from "./rows-api";

export interface LoadedData {
  rows: AgreementRow[];
  source: string;
}

/** A file, or the Hugging Face rows API (base URL editable, e.g. a mirror). A failed load changes nothing. */
export function DataSource({ onLoaded }: { onLoaded: (data: LoadedData) => void }) {
  const t = useAgreementT();
  const [api, setApi] = useState<RowsApiSource>({ ...ROWS_API_DEFAULTS });
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);

  const load = async (what: () => Promise<LoadedData>) => {
    setBusy(true);
    setStatus(t.loading);
    try {
      const data = await what();
      onLoaded(data);
      setStatus(t.loaded(data.rows.length, data.source));
    } catch (error) {
      setStatus(t.loadFailed(error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(false);
    }
  };

  const onFile = (file: File) => {
    void load(async () => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      return { rows: (await readAgreementFile({ name: file.name, bytes })).rows, source: file.name };
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
      <FileButton name="Import agreement data" accept=".csv,.tsv,.json,.jsonl,.ndjson,.parquet" label={t.chooseFile} disabled={busy} onFile={onFile} />
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
            onClick={() => void load(async () => ({ rows: (await loadRowsApi(api)).rows, source: `${api.dataset} (${api.split})` }))}
          >
            {t.loadApi}
          </button>
        </div>
      </details>
      <p className="status" role="status" aria-label="Agreement data status">
        {status}
      </p>
    </section>
  );
}
