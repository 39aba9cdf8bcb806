// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { storeImport } from "../../../src/app/datasets/actions";
import { StorageLine } from "../../../src/app/datasets/StorageLine";
import { useDatasets } from "../../../src/app/datasets/store";
import { createBatchRun } from "../../../src/app/runs/batch/batch-run";
import { startRun } from "../../../src/app/runs/run-actions";
import { useApp } from "../../../src/app/shared/store";
import type { SamplesFile } from "../../../src/storage/format/samples-types";
import { render, until } from "../render";

/**
 * Issue 17: the browser is asked for persistent storage when the user first stores something
 * worth keeping (an import, a run's start, sync or by batch), and the Datasets view says how much
 * the site stores and what the browser granted. navigator.storage is a fake the test controls.
 */

const samples = [1, 2].map((i) => ({ id: `s${i}`, question: `Q${i}`, answer: `A${i}`, contexts: [`C${i}`], reference: `A${i}` }));
const file: SamplesFile = { kind: "csv", samples, errors: [], warnings: [], valid: { samples, leftOut: 0 }, contextsReadAs: {} };

let asked = 0;
let granted = false;
beforeEach(() => {
  asked = 0;
  granted = false;
  useApp.setState({ lang: "en", apiKey: "" });
  Object.defineProperty(navigator, "storage", {
    configurable: true,
    value: {
      persist: async () => {
        asked++;
        return granted;
      },
      persisted: async () => granted,
      estimate: async () => ({ usage: 1_234_567, quota: 10_000_000_000 }),
    },
  });
});
afterEach(() => {
  delete (navigator as { storage?: unknown }).storage;
});

describe("persistent storage", () => {
  test("is asked on an import, a run's start and a batch run's start", async () => {
    expect(await storeImport("first", { file: "f.csv", kind: "csv" }, file, false)).toMatchObject({ name: "first" });
    expect(asked).toBe(1);
    const datasetId = useDatasets.getState().selectedId!;
    // A run of metrics that need no judge starts with no key and no request.
    await startRun(datasetId, { metrics: ["bleu"], repeat: 1, concurrency: 1 });
    expect(asked).toBe(2);
    // A batch run by files needs no key either: it is stored, and the browser asked again.
    expect(await createBatchRun(datasetId, { metrics: ["faithfulness"], repeat: 1, concurrency: 1 }, "files")).toBeDefined();
    expect(asked).toBe(3);
  });

  test("the storage line shows the bytes used of the quota and whether the browser granted persistence", async () => {
    const view = render(<StorageLine />);
    const line = () => view.container.querySelector("[data-testid=storage-line]")?.textContent;
    // The line shows once the browser's estimate is read (an async storage call).
    await until(() =>
      expect(line()).toBe(
        "Storage: 1.2 MB used of 10 GB this browser allows. The browser has not granted persistent storage: it may clear datasets and runs when the disk runs low. Export what you need to keep.",
      ),
    );
    granted = true;
    // The line measures again when the datasets change (an import).
    await act(async () => {
      useDatasets.setState((s) => ({ datasets: [...s.datasets] }));
    });
    await until(() =>
      expect(line()).toBe(
        "Storage: 1.2 MB used of 10 GB this browser allows. The browser granted persistent storage: it keeps datasets and runs until you delete them.",
      ),
    );
    await act(async () => useApp.setState({ lang: "zh" }));
    expect(line()).toBe("存储：已用 1.2 MB，浏览器允许 10 GB。浏览器已授予持久存储：数据集和运行会一直保留，直到你删除。");
    view.unmount();
  });
});
