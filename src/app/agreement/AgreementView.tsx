import { useEffect, useRef, useState } from "react";
import "../styles/agreement.css";
import { DEFAULT_METHODS, AGREEMENT_TASKS } from "../../engine/agreement/types";
import { deleteAgreementRun, listAgreementRuns, saveAgreementRun, type StoredAgreementRun } from "../../storage/db/agreement-runs";
import { newId } from "../../storage/db/ids";
import { parseAgreementFile } from "../../storage/format/agreement-file";
import { appDb } from "../shared/persist/db";
import { RunNotStarted, runInBrowser } from "./agreement-run";
import type { RunProgressState } from "./ProgressLine";
import { AgreementTable, type DrillTarget } from "./AgreementTable";
import { DataSource, type LoadedData } from "./DataSource";
import { type AgreementMessages, useAgreementT } from "./messages";
import { useApp } from "../shared/store";
import { PairDrillDown } from "./PairDrillDown";
import { RunPanel, type RunChoiceState } from "./RunPanel";
import { SavedRuns } from "./SavedRuns";
import { VerdictCheck } from "./VerdictCheck";

const NOTHING_SPENT = { requests: 0, chatRequests: 0, embeddingRequests: 0, cachedRequests: 0, promptTokens: 0, completionTokens: 0, byModel: {} };

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
  const [progress, setProgress] = useState<RunProgressState | null>(null);
  const [status, setStatus] = useState<((m: AgreementMessages) => string) | null>(null);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const result = useRef<HTMLElement | null>(null);
  // The id of the run that just finished: its table is brought into view (the Run button sits above a long page).
  const [finished, setFinished] = useState<string | null>(null);
  useEffect(() => {
    if (!finished) return;
    result.current?.scrollIntoView?.({ block: "start" });
    result.current?.focus({ preventScroll: true });
  }, [finished]);

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
    const startedAt = Date.now();
    setProgress({ done: 0, total: 0, spend: NOTHING_SPENT, startedAt });
    setStatus(null);
    try {
      const stored = await runInBrowser(
        data.rows,
        { ...choice, source: data.source },
        { signal: abort.signal, onProgress: (live) => setProgress({ ...live, startedAt }) },
      );
      setRuns((rs) => [stored, ...rs]);
      setCompared((ids) => [stored.id, ...ids.filter((id) => id !== stored.id)].slice(0, 3));
      setDrill(null);
      setFinished(stored.id);
      const pairs = stored.file.rows.reduce((n, r) => n + r.n, 0);
      setStatus(() => (abort.signal.aborted ? (m: AgreementMessages) => m.cancelled : (m: AgreementMessages) => m.finished(pairs)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setStatus(() => (m: AgreementMessages) => {
        if (error instanceof RunNotStarted) return error.reason === "needKey" ? m.needKey : m.unreachable(error.detail);
        return m.failed(message);
      });
      setProgress(null);
    } finally {
      setProgress((p) => (p ? { ...p, endedAt: Date.now() } : p));
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

  // A file written elsewhere (the CLI, a colleague) is stored like a run made here, and shown first.
  const open = async (picked: File) => {
    try {
      const file = parseAgreementFile(JSON.parse(await picked.text()) as unknown, picked.name);
      const db = await appDb();
      const id = newId();
      const stored = db ? await saveAgreementRun(db, id, file) : { id, createdAt: file.createdAt, file };
      setRuns((rs) => [stored, ...rs]);
      setCompared((ids) => [stored.id, ...ids].slice(0, 3));
      setDrill(null);
      setStatus(() => (m: AgreementMessages) => m.opened(picked.name));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setStatus(() => (m: AgreementMessages) => m.openFailed(message));
    }
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
      <section className="agreement-result" ref={result} tabIndex={-1} aria-label={t.names.result}>
        <p className="status" role="status" aria-label={t.names.status}>
          {status ? status(t) : data.rows.length === 0 ? t.needData : ""}
        </p>
        {shown.length > 0 ? <AgreementTable runs={shown} onDrill={setDrill} /> : null}
        {shown.flatMap((r) => r.file.absolute ?? []).length > 0 ? <AbsoluteRows runs={shown} /> : null}
      </section>
      {drill && drilled ? <PairDrillDown file={drilled.file} target={drill} onClose={() => setDrill(null)} /> : null}
      <SavedRuns runs={runs} compared={compared} onCompare={setCompared} onDelete={(id) => void remove(id)} onOpen={(f) => void open(f)} />
      <VerdictCheck />
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
