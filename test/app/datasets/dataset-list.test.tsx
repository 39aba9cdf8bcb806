// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { datasetsT } from "../../../src/app/datasets/messages";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { refreshDatasets, selectDataset } from "../../../src/app/datasets/actions";
import { DatasetList } from "../../../src/app/datasets/DatasetList";
import { useDatasets } from "../../../src/app/datasets/store";
import { appDb } from "../../../src/app/shared/persist/db";
import { useApp } from "../../../src/app/shared/store";
import { createDataset, listDatasets } from "../../../src/storage/db/datasets";
import { byName, click, render, type, type Rendered, until } from "../render";

let view: Rendered;
const samples = [1, 2, 3].map((i) => ({ id: `s${i}`, question: `Q${i}`, answer: `A${i}`, contexts: [`C${i}`] }));

beforeEach(async () => {
  useApp.setState({ lang: "en" });
  useDatasets.setState({ datasets: [], selectedId: null, rows: [], editing: null, notice: null });
  const db = (await appDb())!;
  await db.clear("datasets");
  await db.clear("datasetRows");
  await createDataset(db, { name: "wiki eval", source: { file: "wiki.csv", kind: "csv" }, samples });
  await act(() => refreshDatasets());
  view = render(<DatasetList />);
});
afterEach(() => view.unmount());

describe("the dataset list", () => {
  test("shows name and rows; opening one loads its rows into the store (the runs pane reads selectedId)", async () => {
    expect(view.container.querySelector(".ds-item-open")!.textContent).toMatch(/^wiki eval3 rows · created /);
    await click(view.container.querySelector(".ds-item-open")!);
    // Opening reads the rows from IndexedDB: wait for them to land in the store.
    await until(() => expect(useDatasets.getState().rows.map((r) => r.sample.id)).toEqual(["s1", "s2", "s3"]));
    const state = useDatasets.getState();
    expect(state.selectedId).toBe(state.datasets[0]!.id);
  });

  test("renames in storage and in the list", async () => {
    await click(byName(view.container, "Rename wiki eval"));
    await type(byName<HTMLInputElement>(view.container, "New name for wiki eval"), "WikiEval 中文");
    await act(async () => {
      view.container.querySelector("form")!.requestSubmit();
    });
    // The rename is an IndexedDB write: wait for it, however busy the machine (a fixed 20 ms was not enough under load).
    await until(() => expect(view.container.querySelector(".ds-item-open strong")?.textContent).toBe("WikiEval 中文"));
    expect((await listDatasets((await appDb())!)).datasets.map((d) => d.name)).toEqual(["WikiEval 中文"]);
  });

  test("deletes only after a second click, with its rows", async () => {
    await act(() => selectDataset(useDatasets.getState().datasets[0]!.id));
    await click(byName(view.container, "Delete wiki eval"));
    expect((await listDatasets((await appDb())!)).datasets).toHaveLength(1);
    await act(async () => {
      byName<HTMLButtonElement>(view.container, "Confirm delete wiki eval").click();
    });
    await until(() => expect(useDatasets.getState().notice?.kind).toBe("ok"));
    const db = (await appDb())!;
    expect(await db.count("datasets")).toBe(0);
    expect(await db.count("datasetRows")).toBe(0);
    expect(useDatasets.getState()).toMatchObject({ selectedId: null, rows: [], notice: { kind: "ok" } });
    // The notice is written in the language shown when it is shown.
    expect(useDatasets.getState().notice?.text(datasetsT())).toBe("Deleted “wiki eval”.");
    expect(view.container.textContent).toContain("No datasets yet");
  });
});
