import { useRef, useState } from "react";
import { fetchHubRows, HUB_ROWS_API, MAX_HUB_ROWS } from "../shared/hub/rows-api";
import { useDatasetsT } from "./messages";
import { useEnglishName } from "../shared/i18n/accessible-name";

/**
 * "Import from Hugging Face" (contract 7): a dataset by name, with config, split and a row range,
 * fetched page by page from the rows API with progress and Cancel; the rows then go through the
 * same import path as a JSON Lines file (worker, mapping step, validation).
 */
export function HubImport({ onRows }: { onRows: (name: string, bytes: Uint8Array) => void }) {
  const named = useEnglishName();
  const t = useDatasetsT();
  const [dataset, setDataset] = useState("");
  const [config, setConfig] = useState("default");
  const [split, setSplit] = useState("train");
  const [offset, setOffset] = useState(0);
  const [count, setCount] = useState(100);
  const [progress, setProgress] = useState<{ n: number; of: number } | null>(null);
  const [error, setError] = useState("");
  const abort = useRef<AbortController | null>(null);
  const whole = (v: string, max: number) => Math.min(max, Math.max(0, Math.round(Number(v) || 0)));

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setError("");
    setProgress({ n: 0, of: count });
    try {
      const got = await fetchHubRows(
        { baseURL: HUB_ROWS_API, dataset: dataset.trim(), config: config.trim() || "default", split: split.trim() || "train" },
        { offset, limit: count, signal: controller.signal, onProgress: (n, of) => setProgress({ n, of }) },
      );
      const jsonl = got.rows.map((r) => JSON.stringify(r)).join("\n");
      onRows(`${dataset.trim().replace(/[^\w.-]+/g, "_")}-${split.trim() || "train"}.jsonl`, new TextEncoder().encode(jsonl));
    } catch (e) {
      if (!controller.signal.aborted) setError((e as Error).message);
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  return (
    <section className="ds-hub" aria-label={t.hub.title}>
      <h4>{t.hub.title}</h4>
      <div className="ds-hub-fields">
        <label>
          {t.hub.dataset}
          <input
            type="text"
            aria-label={named("Hugging Face dataset")}
            value={dataset}
            placeholder={t.hub.placeholder}
            spellCheck={false}
            onChange={(e) => setDataset(e.target.value)}
          />
        </label>
        <label>
          {t.hub.config}
          <input type="text" aria-label={named("Hugging Face config")} value={config} spellCheck={false} onChange={(e) => setConfig(e.target.value)} />
        </label>
        <label>
          {t.hub.split}
          <input type="text" aria-label={named("Hugging Face split")} value={split} spellCheck={false} onChange={(e) => setSplit(e.target.value)} />
        </label>
        <label>
          {t.hub.offset}
          <input type="number" aria-label={named("First row")} min={0} value={offset} onChange={(e) => setOffset(whole(e.target.value, 10_000_000))} />
        </label>
        <label>
          {t.hub.count}
          <input
            type="number"
            aria-label={named("Rows to import")}
            min={1}
            max={MAX_HUB_ROWS}
            value={count}
            onChange={(e) => setCount(Math.max(1, whole(e.target.value, MAX_HUB_ROWS)))}
          />
        </label>
      </div>
      <button type="button" className="btn" disabled={dataset.trim() === "" || progress !== null} onClick={() => void run()}>
        {t.hub.button}
      </button>
      {progress ? (
        <div className="ds-reading" role="status" aria-label={t.names.hubProgress}>
          <span>{t.hub.loading(progress.n, progress.of)}</span>
          <progress max={Math.max(1, progress.of)} value={progress.n} />
          <button type="button" className="btn btn-quiet" onClick={() => abort.current?.abort()}>
            {t.hub.cancel}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="note note-error" role="alert">
          {t.hub.failed(error)}
        </p>
      ) : null}
      <p className="field-hint">{t.hub.hint}</p>
    </section>
  );
}
