import { type ReactNode, useEffect } from "react";
import "../styles/datasets.css";
import { refreshDatasets } from "./actions";
import { DatasetList } from "./DatasetList";
import { AskPanel } from "./ask/AskPanel";
import { DatasetPane } from "./DatasetPane";
import { DocumentsImport } from "./documents/DocumentsImport";
import { ImportPanel } from "./ImportPanel";
import { useDatasetsT } from "./messages";
import { StorageLine } from "./StorageLine";
import { useDatasets } from "./store";

/**
 * The Datasets tab: stored datasets on the left; import, the open dataset and its runs on the
 * right. Nothing here reads the API key: opening a dataset never needs one. The runs pane is a
 * separate feature: the shell hands it in, so datasets never import runs.
 */
export function DatasetsView({
  runsPane,
  aside,
}: {
  runsPane: (datasetId: string) => ReactNode /** Below the runs: what the shell adds (runs of deleted datasets). */;
  aside?: ReactNode;
}) {
  const t = useDatasetsT();
  const storage = useDatasets((s) => s.storage);
  const notice = useDatasets((s) => s.notice);
  const selectedId = useDatasets((s) => s.selectedId);
  useEffect(() => {
    void refreshDatasets();
  }, []);
  return (
    <main className="view view-datasets">
      <h2>{t.title}</h2>
      <p className="field-hint">{t.intro}</p>
      {storage ? <StorageLine /> : <p className="note note-error">{t.storageUnavailable}</p>}
      <p className={`ds-notice ${notice ? (notice.kind === "ok" ? "note note-ok" : "note note-error") : ""}`} role="status" aria-label={t.names.status}>
        {notice?.text(t) ?? ""}
      </p>
      <div className="ds-layout">
        <DatasetList />
        <div className="ds-main">
          <ImportPanel />
          <DocumentsImport />
          <DatasetPane />
          <AskPanel />
          {/* A dataset's runs sit under it: run, watch, resume and compare without leaving the rows. */}
          <section aria-label={t.names.runs} className="ds-runs">
            {selectedId ? runsPane(selectedId) : null}
          </section>
          {aside}
        </div>
      </div>
    </main>
  );
}
