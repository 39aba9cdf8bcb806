import { useState } from "react";
import { useFormats } from "../shared/i18n/format";
import type { DatasetMeta } from "../../storage/db/datasets";
import { remove, rename, runsOf, selectDataset } from "./actions";
import { useDatasetsT } from "./messages";
import { useDatasets } from "./store";

/** Stored datasets (name, rows, created): open one, rename it, delete it (after a second click). */
export function DatasetList() {
  const t = useDatasetsT();
  const datasets = useDatasets((s) => s.datasets);
  const selectedId = useDatasets((s) => s.selectedId);
  return (
    <nav className="ds-list" aria-label={t.listTitle}>
      <h3>{t.listTitle}</h3>
      {datasets.length === 0 ? <p className="empty">{t.empty}</p> : null}
      <ul>
        {datasets.map((d) => (
          <Item key={d.id} meta={d} selected={d.id === selectedId} />
        ))}
      </ul>
    </nav>
  );
}

function Item({ meta, selected }: { meta: DatasetMeta; selected: boolean }) {
  const t = useDatasetsT();
  const fmt = useFormats();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The dataset has runs: ask whether they go too (null: not asking). */
  const [asking, setAsking] = useState<number | null>(null);
  const created = fmt.dateTime(meta.createdAt);
  if (renaming !== null)
    return (
      <li className="ds-item">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (renaming.trim() === "") return;
            void rename(meta.id, renaming).then(() => setRenaming(null));
          }}
        >
          <input aria-label={t.newNameFor(meta.name)} value={renaming} onChange={(e) => setRenaming(e.target.value)} />
          <button type="submit" className="btn" disabled={renaming.trim() === ""}>
            {t.save}
          </button>
          <button type="button" className="btn btn-quiet" onClick={() => setRenaming(null)}>
            {t.cancel}
          </button>
        </form>
      </li>
    );
  return (
    <li className={`ds-item${selected ? " ds-item-selected" : ""}`}>
      <button type="button" className="ds-item-open" aria-current={selected ? "true" : undefined} onClick={() => void selectDataset(meta.id)}>
        <strong>{meta.name}</strong>
        <span className="field-hint">
          {t.rows(meta.rowCount)} · {t.created(created)}
        </span>
      </button>
      <span className="ds-item-actions">
        <button type="button" className="btn btn-quiet" aria-label={t.renameName(meta.name)} onClick={() => setRenaming(meta.name)}>
          {t.rename}
        </button>
        <button
          type="button"
          className="btn btn-quiet danger"
          aria-label={confirming ? t.confirmRemoveName(meta.name) : t.removeName(meta.name)}
          onClick={() => {
            if (!confirming) return setConfirming(true);
            void runsOf(meta.id).then((runs) => (runs > 0 ? setAsking(runs) : remove(meta)));
          }}
          onBlur={() => setConfirming(false)}
        >
          {confirming ? t.confirmRemove : t.remove}
        </button>
      </span>
      {asking !== null ? (
        <div className="ds-ask" role="alertdialog" aria-label={t.removeName(meta.name)}>
          <p>{t.hasRuns(meta.name, asking)}</p>
          <button type="button" className="btn danger" onClick={() => void remove(meta, { withRuns: true, runs: asking })}>
            {t.deleteWithRuns}
          </button>{" "}
          <button type="button" className="btn" onClick={() => void remove(meta, { runs: asking })}>
            {t.deleteKeepRuns}
          </button>{" "}
          <button type="button" className="btn btn-quiet" onClick={() => setAsking(null)}>
            {t.cancel}
          </button>
        </div>
      ) : null}
    </li>
  );
}
