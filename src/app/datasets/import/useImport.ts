import { useCallback, useEffect, useRef, useState } from "react";
import { storeImport } from "../actions";
import { useDatasets } from "../store";
import { mapsByName, storableAsIs } from "./by-name";
import { ImportJob, startImportWorker, type WorkerLike } from "./client";
import { type ColumnMapping, type FileIssue, guessMapping, type MappedSamples } from "./format-api";
import type { TableInfo } from "./protocol";

interface Mapped {
  table: TableInfo;
  mapping: ColumnMapping;
  name: string;
  result: MappedSamples | null;
}

/** The dataset a by-name import stored; importing again from the reopened mapping step replaces it. */
interface StoredByName {
  id: string;
  name: string;
}

export type ImportPhase =
  | { kind: "idle" }
  | { kind: "reading"; file: string; progress: number }
  /** `byName`: every column is a sample name, so the rows are stored as soon as they validate. */
  | ({ kind: "mapping"; saving: boolean; byName: boolean; replaces?: StoredByName } & Mapped)
  /** Stored without the mapping step; the worker keeps the table so the step is one click away. */
  | ({ kind: "imported"; stored: StoredByName } & Mapped)
  | { kind: "failed"; message: string; issues: FileIssue[] };

/** A dataset name from a file name: "ragas_eval.v2.csv" -> "ragas_eval.v2". */
function nameFromFile(file: string): string {
  return file.replace(/\.(csv|jsonl?|ndjson|parquet|txt)$/i, "") || file;
}

/**
 * One import at a time: read in the worker, map and validate there, store on the user's word, or
 * at once when every column is a sample name and every row is valid (issue 19). Cancelling (or
 * starting another file) terminates the worker; nothing is stored before commit.
 */
export function useImport(makeWorker: () => WorkerLike = startImportWorker) {
  const [phase, setPhase] = useState<ImportPhase>({ kind: "idle" });
  const job = useRef<ImportJob | null>(null);

  const remap = useCallback((current: ImportJob, mapping: ColumnMapping) => {
    void current.map(mapping).then((result) => {
      if (job.current !== current) return;
      setPhase((p) => (p.kind === "mapping" && p.mapping === mapping ? { ...p, result } : p));
    });
  }, []);

  const start = useCallback(
    (file: string, bytes: Uint8Array) => {
      job.current?.cancel();
      setPhase({ kind: "reading", file, progress: 0 });
      const current: ImportJob = new ImportJob(makeWorker(), {
        onProgress: (progress) => setPhase((p) => (p.kind === "reading" ? { ...p, progress } : p)),
        onTable: (table) => {
          const mapping = guessMapping(table.columns);
          const byName = mapsByName(table.columns, mapping);
          setPhase({ kind: "mapping", table, mapping, name: nameFromFile(table.file), result: null, saving: false, byName });
          remap(current, mapping);
        },
        onFailed: (message, issues) => {
          current.cancel();
          if (job.current === current) setPhase({ kind: "failed", message, issues });
        },
      });
      job.current = current;
      current.read(file, bytes);
    },
    [makeWorker, remap],
  );

  const setMapping = useCallback(
    (mapping: ColumnMapping) => {
      setPhase((p) => (p.kind === "mapping" ? { ...p, mapping, result: null } : p));
      if (job.current) remap(job.current, mapping);
    },
    [remap],
  );

  const setName = useCallback((name: string) => setPhase((p) => (p.kind === "mapping" ? { ...p, name } : p)), []);

  /** Stops the worker and forgets the file; `say` tells the user (not after a successful store). */
  const cancel = useCallback((say = true) => {
    job.current?.cancel();
    job.current = null;
    setPhase({ kind: "idle" });
    if (say) useDatasets.setState({ notice: { kind: "ok", text: (m) => m.importCancelled } });
  }, []);

  /** Stores every row (only when there are no errors) or, with validOnly, the valid ones. */
  const commit = useCallback(
    async (validOnly: boolean) => {
      if (phase.kind !== "mapping" || !phase.result || phase.saving) return;
      const { result, table, name, byName, replaces } = phase;
      if (result.errors.length > 0 && !validOnly) return;
      setPhase({ ...phase, saving: true });
      const stored = await storeImport(name.trim() || nameFromFile(table.file), { file: table.file, kind: table.kind }, result, validOnly, replaces?.id);
      if (!stored) setPhase((p) => (p.kind === "mapping" ? { ...p, saving: false, byName: false } : p));
      else if (byName && !replaces) setPhase({ kind: "imported", table, mapping: phase.mapping, name: stored.name, result, stored });
      else cancel(false);
    },
    [phase, cancel],
  );

  // A by-name file: store as soon as its rows validate; anything to look at first opens the mapping step.
  useEffect(() => {
    if (phase.kind !== "mapping" || !phase.byName || phase.replaces || !phase.result || phase.saving) return;
    if (storableAsIs(phase.result)) void commit(false);
    else setPhase({ ...phase, byName: false });
  }, [phase, commit]);

  /** Reopens the mapping step of a by-name import; importing from it replaces the stored dataset. */
  const review = useCallback(() => {
    setPhase((p) =>
      p.kind === "imported"
        ? { kind: "mapping", table: p.table, mapping: p.mapping, name: p.name, result: p.result, saving: false, byName: false, replaces: p.stored }
        : p,
    );
  }, []);

  useEffect(() => () => job.current?.cancel(), []);
  return { phase, start, setMapping, setName, cancel, commit, review };
}
