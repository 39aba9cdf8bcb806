// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { WorkerLike } from "../../../../src/app/datasets/import/client";
import { useImport } from "../../../../src/app/datasets/import/useImport";
import { datasetsT } from "../../../../src/app/datasets/messages";
import { useDatasets } from "../../../../src/app/datasets/store";
import { appDb } from "../../../../src/app/shared/persist/db";
import { useApp } from "../../../../src/app/shared/store";
import { listDatasets, loadDatasetSamples } from "../../../../src/storage/db/datasets";
import { render, type Rendered, until as untilRendered } from "../../render";
import { inThreadImportWorker } from "../in-thread-worker";

/**
 * The import hook the Datasets view's import panel drives, in Node: the real import session in a
 * stand-in worker (asynchronous, as a worker is), the real store on fake-indexeddb, and the
 * hook's phases as a component sees them.
 */

const workers: { terminated: boolean }[] = [];
function inThreadWorker(): WorkerLike {
  const worker = inThreadImportWorker();
  workers.push(worker);
  return worker;
}

let hook: ReturnType<typeof useImport>;
function Probe() {
  hook = useImport(inThreadWorker);
  return null;
}
let view: Rendered | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
});
function mount() {
  useApp.setState({ lang: "en" });
  useDatasets.setState({ notice: null });
  view = render(<Probe />);
}
const bytes = (text: string) => new TextEncoder().encode(text);
/**
 * Waits for the hook to reach a phase, the worker's answers and the store's writes landing as React
 * updates (a condition with a time bound, not a sleep or a count of turns).
 */
async function until(kind: string, extra: (p: typeof hook.phase) => boolean = () => true) {
  await untilRendered(() => {
    expect(hook.phase.kind).toBe(kind);
    expect(extra(hook.phase)).toBe(true);
  });
}
const notice = () => useDatasets.getState().notice?.text(datasetsT()) ?? null;
async function storedRows(id: string) {
  return (await loadDatasetSamples((await appDb())!, id)).samples;
}

const byNameCsv = [
  "user_input,response,retrieved_contexts,reference",
  'Where is it?,In Paris.,"[""The tower is in Paris.""]",Paris',
  "How tall?,330 m.,[],330 m",
].join("\n");
const otherCsv = ["query,reply,passages", 'Q1,A1,"[""c1""]"', 'Q2,A2,"[""c2""]"', 'Q3,,"[""c3""]"'].join("\n");

describe("useImport", () => {
  it("a file in sample names is stored as soon as it validates; Review reopens the mapping step and importing again replaces it", async () => {
    mount();
    await act(async () => hook.start("ragas_eval.v2.csv", bytes(byNameCsv)));
    await until("imported");
    const phase = hook.phase as Extract<typeof hook.phase, { kind: "imported" }>;
    expect(phase.stored.name).toBe("ragas_eval.v2");
    expect(notice()).toBe("Imported “ragas_eval.v2”: 2 rows.");
    expect((await storedRows(phase.stored.id)).map((s) => [s.question, s.answer, s.contexts, s.reference])).toEqual([
      ["Where is it?", "In Paris.", ["The tower is in Paris."], "Paris"],
      ["How tall?", "330 m.", [], "330 m"],
    ]);

    await act(async () => hook.review());
    expect(hook.phase).toMatchObject({ kind: "mapping", byName: false, replaces: phase.stored, name: "ragas_eval.v2" });
    await act(async () => hook.setName("Eiffel"));
    await act(async () => hook.commit(false));
    await until("idle");
    const names = (await listDatasets((await appDb())!)).datasets.map((d) => d.name);
    expect(names).toContain("Eiffel");
    expect(names).not.toContain("ragas_eval.v2");
    expect(notice()).toBe("Imported “Eiffel”: 2 rows.");
  });

  it("other column names wait in the mapping step; a row with an error stops Import all, Import valid rows leaves it out", async () => {
    mount();
    await act(async () => hook.start("other.csv", bytes(otherCsv)));
    await until("mapping", (p) => p.kind === "mapping" && p.result !== null);
    const mapping = hook.phase as Extract<typeof hook.phase, { kind: "mapping" }>;
    expect(mapping).toMatchObject({ byName: false, name: "other", saving: false });
    expect(mapping.table.columns).toEqual(["query", "reply", "passages"]);
    await act(async () => hook.setMapping({ question: "query", answer: "reply", contexts: "passages" }));
    await until("mapping", (p) => p.kind === "mapping" && p.result !== null);
    const result = (hook.phase as typeof mapping).result!;
    // Row 3 (line 4) has no answer: the file as a whole is not storable, its two valid rows are.
    expect(result.errors.map((e) => [e.row, e.field])).toEqual([[3, "reply"]]);
    expect(result.valid.samples.map((x) => [x.question, x.answer, x.contexts])).toEqual([
      ["Q1", "A1", ["c1"]],
      ["Q2", "A2", ["c2"]],
    ]);

    const before = (await listDatasets((await appDb())!)).datasets.length;
    await act(async () => hook.commit(false));
    expect(hook.phase.kind).toBe("mapping");
    expect((await listDatasets((await appDb())!)).datasets.length).toBe(before);

    await act(async () => hook.commit(true));
    await until("idle");
    expect(notice()).toBe("Imported “other”: 2 rows; 1 invalid row was left out.");
  });

  it("Cancel stops the worker and stores nothing; an unreadable file fails with the reader's message", async () => {
    mount();
    await act(async () => hook.start("other.csv", bytes(otherCsv)));
    const worker = workers.at(-1)!;
    await act(async () => hook.cancel());
    expect(hook.phase).toEqual({ kind: "idle" });
    expect(worker.terminated).toBe(true);
    expect(notice()).toBe("Import cancelled: nothing was stored.");

    await act(async () => hook.start("empty.csv", bytes("")));
    await until("failed");
    expect(hook.phase).toEqual({ kind: "failed", message: "empty.csv: the file is empty", issues: [{ file: "empty.csv", message: "the file is empty" }] });
    expect(workers.at(-1)!.terminated).toBe(true);
  });
});
