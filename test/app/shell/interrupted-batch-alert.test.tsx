// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { afterEach, expect, test, vi } from "vitest";
import { BATCH_LOCK_PREFIX, type LockManagerLike } from "../../../src/app/shared/locks/run-locks";
import { markBatchRun, openBatchDb } from "../../../src/storage/db/batches";
import { appDb } from "../../../src/app/shared/persist/db";
import { useApp } from "../../../src/app/shared/store";
import { InterruptedRunAlert } from "../../../src/app/shell/InterruptedRunAlert";
import { createDataset } from "../../../src/storage/db/datasets";
import { createRun, type RunMeta, ZERO_USAGE } from "../../../src/storage/db/runs";
import { render, type Rendered } from "../render";

/**
 * Issue 26: the interrupted-run alert for a batch run is shown only while the run is truly
 * interrupted: in batch words (its batches go on at the provider), and gone once a tab polls it.
 */

let shown: Rendered | undefined;
afterEach(() => {
  shown?.unmount();
  vi.unstubAllGlobals();
});

test("a batch run no tab polls is announced in batch words, and the alert goes once a tab polls it again", async () => {
  const db = (await appDb())!;
  const samples = [{ id: "a", question: "q?", answer: "a.", contexts: ["c."] }];
  const dataset = await createDataset(db, { name: "rivers", source: { file: "r.csv", kind: "csv" }, samples });
  const meta: RunMeta = {
    id: "polled-later",
    datasetId: dataset.id,
    datasetName: "rivers",
    name: "by batch",
    createdAt: 1,
    updatedAt: 1,
    status: "running",
    metrics: ["faithfulness"],
    repeat: 1,
    concurrency: 1,
    sampleCount: 1,
    model: "m",
    embeddingModel: "",
    baseURL: "http://x/v1",
    prompts: {},
    promptsUsed: [],
    activeMs: 0,
    unrecorded: { ...ZERO_USAGE },
    byBatch: true,
  };
  await markBatchRun(await openBatchDb(), meta.id, 1, "api");
  await createRun(db, meta, samples);
  const held = new Set<string>();
  const locks: LockManagerLike = {
    request: async (name, _options, callback) => callback(held.has(name) ? null : { name }),
    query: async () => ({ held: [...held].map((name) => ({ name })) }),
  };
  vi.stubGlobal("navigator", { locks });
  useApp.setState({ lang: "en" });

  shown = render(<InterruptedRunAlert recheckMs={20} />);
  await vi.waitFor(() =>
    expect(shown!.container.querySelector('[role="alert"]')?.textContent).toContain(
      "A batch run is not being polled: “by batch” on “rivers”. Its batches go on at the provider; open it to poll them and collect the results.",
    ),
  );
  // Its dataset's page polls it again (the batch lock is held): no longer interrupted, no alert.
  held.add(BATCH_LOCK_PREFIX + meta.id);
  await vi.waitFor(() => expect(shown!.container.querySelector('[role="alert"]')).toBeNull());
});
