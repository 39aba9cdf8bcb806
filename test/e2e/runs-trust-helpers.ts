import type { Page } from "playwright-core";
import type { MockRequestRecord } from "../mock/options";

/** Helpers of the runs-you-can-trust browser tests (issue 17). */

export const STORES = ["datasets", "datasetRows", "runs", "runResults", "runSamples", "sampleContents"] as const;

/** How many records each dataset/run store holds (orphans show up here). */
export function storeCounts(page: Page): Promise<Record<(typeof STORES)[number], number>> {
  return page.evaluate(
    (stores) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("ragas-playground");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(stores);
          const out: Record<string, number> = {};
          for (const s of stores) {
            const req = tx.objectStore(s).count();
            req.onsuccess = () => {
              out[s] = req.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(out as never);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [...STORES],
  );
}

/** A chat request's identity: what it asks (model and messages), so the same question twice is visible. */
export function requestKey(r: MockRequestRecord): string {
  const body = r.body as { messages?: { content?: unknown }[] } | undefined;
  return JSON.stringify(body?.messages?.map((m) => m.content) ?? []);
}

/** The app's connection check before a run ("Reply with OK.", one token). */
export const isPing = (r: MockRequestRecord) => JSON.stringify(r.body ?? "").includes("Reply with OK.");

/**
 * Measures how long the page takes to answer: every 500 ms a trivial evaluate, timed from here.
 * A page busy on its main thread (layout of a huge cell, tokenizing) answers late.
 */
export function startProbe(page: Page): { stop(): Promise<{ max: number; count: number }> } {
  let max = 0;
  let count = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      // A closed page (a failed test) ends the probe instead of leaving a rejection behind.
      if (
        !(await page
          .evaluate(() => 1)
          .then(
            () => true,
            () => false,
          ))
      )
        break;
      const waited = Date.now() - started;
      if (process.env.PROBE_LOG) console.log(`[probe] ${new Date(started).toISOString().slice(17, 23)} waited ${waited} ms`);
      max = Math.max(max, waited);
      count++;
      await new Promise((r) => setTimeout(r, Math.max(0, 500 - waited)));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { max, count };
    },
  };
}
