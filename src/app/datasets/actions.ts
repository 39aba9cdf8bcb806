import type { Sample } from "../../engine/sample";
import { countDatasetRuns, type DatasetMeta, deleteDataset, listDatasets, loadDatasetRows, storeImportResult } from "../../storage/db/datasets";
import type { SamplesFile } from "../../storage/format/samples-types";
import type { TestsetExtra } from "../../engine/testset/types";
import { addDatasetRow, deleteDatasetRow, renameDataset, updateDatasetRow } from "../../storage/db/datasets-edit";
import { requestPersistentStorage } from "../../storage/db/quota";
import { appDb } from "../shared/persist/db";
import { deleteDatasetEverywhere } from "../shared/persist/run-deletion";
import { type NoticeText, useDatasets } from "./store";

/** What the Datasets view does to storage; each step updates the store and says what happened. */

const set = useDatasets.setState;
const ok = (text: NoticeText) => set({ notice: { kind: "ok", text } });
const fail = (text: NoticeText) => set({ notice: { kind: "error", text } });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function db() {
  const opened = await appDb();
  if (!opened) set({ storage: false });
  return opened;
}

export async function refreshDatasets(): Promise<void> {
  const opened = await db();
  if (!opened) return;
  const { datasets } = await listDatasets(opened);
  const { selectedId } = useDatasets.getState();
  set({ datasets });
  if (selectedId && !datasets.some((d) => d.id === selectedId)) set({ selectedId: null, rows: [], editing: null });
}

export async function selectDataset(id: string | null): Promise<void> {
  set({ selectedId: id, rows: [], editing: null });
  const opened = await db();
  if (!opened || id === null) return;
  const { rows, issues } = await loadDatasetRows(opened, id);
  if (useDatasets.getState().selectedId !== id) return;
  set({ rows });
  if (issues.length > 0) fail((m) => m.loadIssues(issues.length));
}

/**
 * Stores an import in one transaction and opens it; the rows shown are the ones just written.
 * `replaces`: the dataset a by-name import stored a moment ago, deleted once this one is stored
 * (its runs, if any, stay whole with their own copy of the samples).
 */
export async function storeImport(
  name: string,
  source: DatasetMeta["source"],
  result: SamplesFile,
  validOnly: boolean,
  replaces?: string,
  testset?: readonly TestsetExtra[],
): Promise<{ id: string; name: string } | null> {
  const opened = await db();
  if (!opened) return null;
  // The first thing worth keeping: ask the browser not to evict it (Firefox asks the user; the
  // StorageLine shows the answer, which the browser may also give silently).
  await requestPersistentStorage();
  try {
    const { dataset: meta, leftOut: skipped } = await storeImportResult(opened, { name, source, result, validOnly, ...(testset ? { testset } : {}) });
    if (replaces !== undefined) await deleteDataset(opened, replaces, { withRuns: false });
    const samples = validOnly ? result.valid.samples : result.samples;
    set((s) => ({
      datasets: [meta, ...s.datasets.filter((d) => d.id !== replaces)],
      selectedId: meta.id,
      editing: null,
      rows: samples.map((sample, position) => {
        const extra = samples === result.samples ? testset?.[position] : undefined;
        return { datasetId: meta.id, position, sample, ...(extra ? { testset: extra } : {}) };
      }),
    }));
    ok((m) => (skipped > 0 ? m.importedSkipped(meta.name, samples.length, skipped) : m.imported(meta.name, samples.length)));
    return { id: meta.id, name: meta.name };
  } catch (error) {
    fail((m) => m.storeFailed(messageOf(error)));
    return null;
  }
}

export async function rename(id: string, name: string): Promise<void> {
  const opened = await db();
  if (!opened) return;
  try {
    const meta = await renameDataset(opened, id, name);
    set((s) => ({ datasets: s.datasets.map((d) => (d.id === id ? meta : d)) }));
    ok((m) => m.renamed(meta.name));
  } catch (error) {
    fail((m) => m.rowFailed(messageOf(error)));
  }
}

/** How many runs a dataset holds (its deletion asks what to do with them). */
export async function runsOf(id: string): Promise<number> {
  const opened = await db();
  return opened ? countDatasetRuns(opened, id) : 0;
}

/**
 * Deletes a dataset; its runs too with `withRuns` (from the batch database as well), else they stay
 * whole (each keeps its own snapshot). A live run among those to delete refuses the deletion: see
 * shared/persist/run-deletion.ts for why it is not cancelled instead.
 */
export async function remove(meta: DatasetMeta, options: { withRuns?: boolean; runs?: number } = {}): Promise<void> {
  const opened = await db();
  if (!opened) return;
  try {
    const outcome = await deleteDatasetEverywhere(opened, meta.id, { withRuns: options.withRuns === true });
    if (!outcome.deleted) return fail((m) => m.removeRefusedLive(meta.name));
    const { runsDeleted } = outcome.value;
    set((s) => ({
      datasets: s.datasets.filter((d) => d.id !== meta.id),
      ...(s.selectedId === meta.id ? { selectedId: null, rows: [], editing: null } : {}),
    }));
    const kept = options.withRuns ? 0 : (options.runs ?? 0);
    ok((m) => (runsDeleted > 0 ? m.removedWithRuns(meta.name, runsDeleted) : kept > 0 ? m.removedKeptRuns(meta.name, kept) : m.removed(meta.name)));
  } catch (error) {
    fail((m) => m.rowFailed(messageOf(error)));
  }
}

/** Saves the editor's sample: a new row (editing "new") or the row at a position. */
export async function saveRow(datasetId: string, editing: number | "new", sample: Sample): Promise<boolean> {
  const opened = await db();
  if (!opened) return false;
  try {
    if (editing === "new") {
      const row = await addDatasetRow(opened, datasetId, sample);
      set((s) => ({ rows: [...s.rows, row], editing: row.position }));
      ok((m) => m.rowAdded);
    } else {
      const row = await updateDatasetRow(opened, datasetId, editing, sample);
      set((s) => ({ rows: s.rows.map((r) => (r.position === editing ? row : r)) }));
      ok((m) => m.rowSaved(rowNumber(editing)));
    }
    bumpCount(datasetId);
    return true;
  } catch (error) {
    fail((m) => m.rowFailed(messageOf(error)));
    return false;
  }
}

export async function deleteRow(datasetId: string, position: number): Promise<void> {
  const opened = await db();
  if (!opened) return;
  const n = rowNumber(position);
  await deleteDatasetRow(opened, datasetId, position);
  set((s) => ({ rows: s.rows.filter((r) => r.position !== position), editing: null }));
  bumpCount(datasetId);
  ok((m) => m.rowDeleted(n));
}

/** 1-based number of a row as the table shows it (its place among the current rows). */
function rowNumber(position: number): number {
  return useDatasets.getState().rows.findIndex((r) => r.position === position) + 1;
}

/** Keeps the list's row count in step with the rows in memory. */
function bumpCount(datasetId: string): void {
  set((s) => ({ datasets: s.datasets.map((d) => (d.id === datasetId ? { ...d, rowCount: s.rows.length } : d)) }));
}
