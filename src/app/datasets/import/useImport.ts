import { useCallback, useEffect, useRef, useState } from "react";
import { storeImport } from "../actions";
import { useDatasets } from "../store";
import { ImportJob, startImportWorker, type WorkerLike } from "./client";
import { type ColumnMapping, type FileIssue, guessMapping, type MappedSamples } from "./format-api";
import type { TableInfo } from "./protocol";

export type ImportPhase =
  | { kind: "idle" }
  | { kind: "reading"; file: string; progress: number }
  | { kind: "mapping"; table: TableInfo; mapping: ColumnMapping; name: string; result: MappedSamples | null; saving: boolean }
  | { kind: "failed"; message: string; issues: FileIssue[] };

/** A dataset name from a file name: "ragas_eval.v2.csv" -> "ragas_eval.v2". */
function nameFromFile(file: string): string {
  return file.replace(/\.(csv|jsonl?|ndjson|parquet|txt)$/i, "") || file;
}

/**
 * One import at a time: read in the worker, map and validate there, store on the user's word.
 * Cancelling (or starting another file) terminates the worker; nothing is stored before commit.
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
          setPhase({ kind: "mapping", table, mapping, name: nameFromFile(table.file), result: null, saving: false });
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
      const { result, table, name } = phase;
      if (result.errors.length > 0 && !validOnly) return;
      setPhase({ ...phase, saving: true });
      const stored = await storeImport(name.trim() || nameFromFile(table.file), { file: table.file, kind: table.kind }, result, validOnly);
      if (stored) cancel(false);
      else setPhase((p) => (p.kind === "mapping" ? { ...p, saving: false } : p));
    },
    [phase, cancel],
  );

  useEffect(() => () => job.current?.cancel(), []);
  return { phase, start, setMapping, setName, cancel, commit };
}
