import { useEffect, useRef, useState } from "react";
import "../styles/agreement.css";
import { DEFAULT_METHODS, AGREEMENT_TASKS } from "../../engine/agreement/types";
import { deleteAgreementRun, listAgreementRuns, type StoredAgreementRun } from "../../storage/db/agreement-runs";
import { appDb } from "../shared/persist/db";
import { runInBrowser } from "./agreement-run";
import { AgreementTable, type DrillTarget } from "./AgreementTable";
import { DataSource, type LoadedData } from "./DataSource";
import { type AgreementMessages, useAgreementT } from "./messages";
import { useApp } from "../shared/store";
import { PairDrillDown } from "./PairDrillDown";
import { RunPanel, type RunChoiceState } from "./RunPanel";
import { SavedRuns } from "./SavedRuns";

/** The Agreement tab: the paper's Table 1 for the user's own prompts and model (DESIGN.md contract 10). */
export default function AgreementView() {
  const t = useAgreementT();
  // Loaded data stays in the shared workspace: visiting another view and coming back keeps it.
  const loaded = useApp((s) => s.workspace.agreementData);
  const data: LoadedData = loaded ?? { rows: [], source: "" };
  const setData = (agreementData: LoadedData) => useApp.getState().setWorkspace({ agreementData });
  const [choice, setChoice] = useState<RunChoiceState>({ tasks: [...AGREEMENT_TASKS], methods: [...DEFAULT_METHODS], label: "" });
  const [runs, setRuns] = useState<StoredAgreementRun[]>([]);
  const [compared, setCompared] = useState<string[]>([]);
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [status, setStatus] = useState<((m: AgreementMessages) => string) | null>(null);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    void appDb().then(async (db) => {
      if (!db) return;
      const stored = await listAgreementRuns(db);
      setRuns(stored.runs);
      setCompared(stored.runs.slice(0, 1).map((r) => r.id));
    });
    return () => controller.current?.abort();
  }, []);

  const run = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setRunning(true);
    setProgress({ done: 0, total: 0 });
    setStatus(null);
    try {
      const stored = await runInBrowser(
        data.rows,
        { ...choice, source: data.source },
        { signal: abort.signal, onProgress: (done, total) => setProgress({ done, total }) },
      );
      setRuns((rs) => [stored, ...rs]);
      setCompared((ids) => [stored.id, ...ids.filter((id) => id !== stored.id)].slice(0, 3));
      setDrill(null);
      const pairs = stored.file.rows.reduce((n, r) => n + r.n, 0);
      setStatus(() => (abort.signal.aborted ? (m: AgreementMessages) => m.cancelled : (m: AgreementMessages) => m.finished(pairs)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setStatus(() => (message === "needKey" ? (m: AgreementMessages) => m.needKey : (m: AgreementMessages) => m.failed(message)));
    } finally {
      setRunning(false);
      controller.current = null;
    }
  };

  const remove = async (id: string) => {
    const db = await appDb();
    if (db) await deleteAgreementRun(db, id);
    setRuns((rs) => rs.filter((r) => r.id !== id));
    setCompared((ids) => ids.filter((x) => x !== id));
  };

  const shown = compared.map((id) => runs.find((r) => r.id === id)).filter((r): r is StoredAgreementRun => r !== undefined);
  const drilled = drill ? runs.find((r) => r.id === drill.runId) : undefined;
  return (
    <main className="view view-agreement">
      <h2>{t.title}</h2>
      <p className="muted intro">{t.intro}</p>
      <div className="agreement-controls">
        <DataSource loaded={loaded} onLoaded={setData} />
        <RunPanel
          rows={data.rows}
          choice={choice}
          onChoice={setChoice}
          running={running}
          progress={progress}
          onRun={() => void run()}
          onCancel={() => controller.current?.abort()}
        />
      </div>
      <p className="status" role="status" aria-label="Agreement status">
        {status ? status(t) : data.rows.length === 0 ? t.needData : ""}
      </p>
      {shown.length > 0 ? <AgreementTable runs={shown} onDrill={setDrill} /> : null}
      {shown.flatMap((r) => r.file.absolute ?? []).length > 0 ? <AbsoluteRows runs={shown} /> : null}
      {drill && drilled ? <PairDrillDown file={drilled.file} target={drill} onClose={() => setDrill(null)} /> : null}
      <SavedRuns runs={runs} compared={compared} onCompare={setCompared} onDelete={(id) => void remove(id)} />
    </main>
  );
}

function AbsoluteRows({ runs }: { runs: readonly StoredAgreementRun[] }) {
  const t = useAgreementT();
  return (
    <section className="card">
      <h3>{t.absolute}</h3>
      <ul>
        {runs.flatMap((run) =>
          (run.file.absolute ?? []).map((row) => (
            <li key={`${run.id}-${row.method}-${row.task}`}>
              {run.file.config.label ?? run.file.config.model}: {t.methodNames[row.method]} · {t.taskNames[row.task]}: {row.accuracy.toFixed(2)} [
              {row.ci95[0].toFixed(2)}–{row.ci95[1].toFixed(2)}] ·{" "}
              {t.correlation(row.correlation.kind, row.correlation.r === null ? "—" : row.correlation.r.toFixed(2), row.correlation.n)}
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
