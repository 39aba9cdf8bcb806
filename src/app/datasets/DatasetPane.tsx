import { useDeferredValue, useMemo, useState } from "react";
import { downloadText } from "../shared/ui/download";
import { DatasetTable } from "./DatasetTable";
import { datasetToCsv, datasetToJsonl, exportFileName } from "./export";
import { testsetLinesOf, testsetToCsv, testsetToJsonl } from "./export-testset";
import { useDatasetsT } from "./messages";
import { RowEditor } from "./RowEditor";
import { searchRows } from "./search";
import { selectedDataset, useDatasets } from "./store";
import { useEnglishName } from "../shared/i18n/accessible-name";

/** The open dataset: search, the virtualised rows, export, and the row editor. */
export function DatasetPane() {
  const named = useEnglishName();
  const t = useDatasetsT();
  const meta = useDatasets(selectedDataset);
  const rows = useDatasets((s) => s.rows);
  const editing = useDatasets((s) => s.editing);
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => searchRows(rows, deferred), [rows, deferred]);
  const numbers = useMemo(() => new Map(rows.map((r, i) => [r.position, i + 1])), [rows]);
  if (!meta) return null;

  const samples = () => rows.map((r) => r.sample);
  // A generated set exports as ragas's test set (its extra columns kept); any other as samples.
  const lines = () => testsetLinesOf(rows);
  const generated = rows.length > 0 && rows.every((r) => r.testset !== undefined);
  const csv = () => {
    const generated = lines();
    return generated ? testsetToCsv(generated) : datasetToCsv(samples());
  };
  const jsonl = () => {
    const generated = lines();
    return generated ? testsetToJsonl(generated) : datasetToJsonl(samples());
  };
  const save = (text: string | Uint8Array, ext: "csv" | "jsonl" | "parquet", type: string) => {
    const file = exportFileName(meta.name, ext);
    downloadText(text, file, type);
    useDatasets.setState({ notice: { kind: "ok", text: (m) => m.exported(file) } });
  };
  const open = editing === null ? undefined : editing === "new" ? null : rows.find((r) => r.position === editing);
  const newId = () => {
    const used = new Set(rows.map((r) => r.sample.id));
    let n = rows.length + 1;
    while (used.has(`row-${n}`)) n++;
    return `row-${n}`;
  };

  return (
    <section className="ds-pane" aria-label={t.names.dataset(meta.name)}>
      <header className="ds-pane-head">
        <h3>{meta.name}</h3>
        <span className="field-hint">{t.matches(shown.length, rows.length)}</span>
      </header>
      <div className="ds-toolbar">
        <input type="search" aria-label={named("Search rows")} placeholder={t.searchPlaceholder} value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="button" className="btn" aria-label={named("Add row")} onClick={() => useDatasets.setState({ editing: "new" })}>
          + {t.addRow}
        </button>
        <button type="button" className="btn btn-quiet" aria-label={named("Export dataset CSV")} onClick={() => save(csv(), "csv", "text/csv")}>
          {t.exportCsv}
        </button>
        <button
          type="button"
          className="btn btn-quiet"
          aria-label={named("Export dataset JSONL")}
          onClick={() => save(jsonl(), "jsonl", "application/x-ndjson")}
        >
          {t.exportJsonl}
        </button>
        {generated ? (
          <button
            type="button"
            className="btn btn-quiet"
            aria-label={named("Export dataset parquet")}
            // hyparquet-writer is loaded on the first click only (the main bundle stays small).
            onClick={() =>
              void import("./export-testset-parquet").then(({ testsetToParquet }) =>
                save(testsetToParquet(lines() ?? []), "parquet", "application/vnd.apache.parquet"),
              )
            }
          >
            {t.exportParquet}
          </button>
        ) : null}
      </div>
      {shown.length === 0 && rows.length > 0 ? <p className="empty">{t.noMatches}</p> : null}
      <DatasetTable rows={shown} numberOf={(p) => numbers.get(p) ?? 0} selected={editing} onOpen={(position) => useDatasets.setState({ editing: position })} />
      {open === null ? (
        <RowEditor key="new" datasetId={meta.id} editing="new" sample={{ id: newId(), question: "", answer: "", contexts: [] }} number={0} />
      ) : open ? (
        <RowEditor
          key={`${meta.id}:${open.position}`}
          datasetId={meta.id}
          editing={open.position}
          sample={open.sample}
          number={numbers.get(open.position) ?? 0}
        />
      ) : null}
    </section>
  );
}
