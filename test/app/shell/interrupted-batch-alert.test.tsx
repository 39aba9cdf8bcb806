// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { afterEach, expect, test, vi } from "vitest";
import { BATCH_LOCK_PREFIX, type LockManagerLike } from "../../../src/app/shared/locks/run-locks";
import { markBatchRun, openBatchDb } from "../../../src/storage/db/batches";
import { useApp } from "../../../src/app/shared/store";
import { InterruptedRunAlert } from "../../../src/app/shell/InterruptedRunAlert";
import { render, type Rendered, until } from "../render";
import { storedRunningRun } from "./stored-run";

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
  await markBatchRun(await openBatchDb(), "polled-later", 1, "api");
  const meta = await storedRunningRun("rivers", { id: "polled-later", name: "by batch", byBatch: true });
  const held = new Set<string>();
  const locks: LockManagerLike = {
    request: async (name, _options, callback) => callback(held.has(name) ? null : { name }),
    query: async () => ({ held: [...held].map((name) => ({ name })) }),
  };
  vi.stubGlobal("navigator", { locks });
  useApp.setState({ lang: "en" });

  shown = render(<InterruptedRunAlert recheckMs={20} />);
  await until(() =>
    expect(shown!.container.querySelector('[role="alert"]')?.textContent).toContain(
      "A batch run is not being polled: “by batch” on “rivers”. Its batches go on at the provider; open it to poll them and collect the results.",
    ),
  );
  // Its dataset's page polls it again (the batch lock is held): no longer interrupted, no alert.
  held.add(BATCH_LOCK_PREFIX + meta.id);
  await until(() => expect(shown!.container.querySelector('[role="alert"]')).toBeNull());
});
