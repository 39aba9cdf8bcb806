import "fake-indexeddb/auto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openBatchState } from "../../../src/cli/batch-state-file";
import { type SubmittedBatch, submittedBatchSchema } from "../../../src/engine/run/batch-records";
import { idbBatchState, openBatchDb } from "../../../src/storage/db/batches";

/**
 * Issue 27: a submitted batch is described once (engine/run/batch-records.ts), and both keepers
 * of a batch run's state parse with that one schema: the CLI's state file and the browser's
 * batch database keep and skip exactly the same records.
 */

const good: SubmittedBatch = {
  key: "k1",
  round: 1,
  batchId: "batch_good",
  inputFileId: "file_1",
  endpoint: "/v1/chat/completions",
  model: "mock-judge",
  requests: 3,
};
/** Each breaks one field of the record; neither keeper may trust it. */
const broken: Record<string, unknown>[] = [
  { ...good, batchId: "batch_round0", round: 0 },
  { ...good, batchId: "batch_endpoint", endpoint: "/v1/responses" },
  { ...good, batchId: "batch_requests", requests: -1 },
  { ...good, batchId: "batch_model", model: undefined },
];
const found = { ...good, batchId: "batch_found", inputFileId: "", endpoint: "/v1/embeddings", round: 2, requests: 0 } satisfies SubmittedBatch;

const dir = mkdtempSync(join(tmpdir(), "ragas-batch-records-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("submittedBatchSchema", () => {
  it("accepts a submitted batch and one found again by its metadata (no input file), and names the field it refuses", () => {
    expect(submittedBatchSchema.parse(good)).toEqual(good);
    expect(submittedBatchSchema.parse(found)).toEqual(found);
    expect(broken.map((record) => submittedBatchSchema.safeParse(record).error?.issues[0]?.path)).toEqual([["round"], ["endpoint"], ["requests"], ["model"]]);
  });

  it("the CLI's state file and the browser's batch database keep the same records and skip the same ones", async () => {
    const records = [good, ...broken, found];

    const path = join(dir, "report.json.batch");
    const header = { format: "ragas-playground/batch-state", version: 1, fingerprint: "fp" };
    writeFileSync(path, [header, ...records.map((r) => ({ kind: "submitted", ...r }))].map((r) => `${JSON.stringify(r)}\n`).join(""));
    const file = await openBatchState(path, "fp", true);
    await file.close();

    const db = await openBatchDb(`batch-records-${records.length}`);
    for (const record of records) await db.put("submitted", { runKey: "run-1", ...record });
    const browser = await idbBatchState(db, "run-1");
    db.close();

    expect(file.submitted()).toEqual([good, found]);
    expect([...browser.submitted()].sort((a, b) => a.round - b.round)).toEqual([good, found]);
    // The file names each line it skipped, and the field that failed.
    expect(file.warnings.map((w) => w.slice(path.length))).toEqual([
      ":3 is damaged (round: Too small: expected number to be >=1): skipped; what it held is asked of the provider again",
      expect.stringMatching(/^:4 is damaged \(endpoint: /),
      expect.stringMatching(/^:5 is damaged \(requests: /),
      expect.stringMatching(/^:6 is damaged \(model: /),
    ]);
  });
});
