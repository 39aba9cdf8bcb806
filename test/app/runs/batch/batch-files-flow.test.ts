// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { downloadBatchFiles, uploadBatchResults } from "../../../../src/app/runs/batch/batch-files-flow";
import { useBatch } from "../../../../src/app/runs/batch/batch-run";
import { batchRunKeys, openBatchDb } from "../../../../src/storage/db/batches";
import { appDb } from "../../../../src/app/shared/persist/db";
import { DEFAULT_SETTINGS } from "../../../../src/app/shared/settings-model/model";
import { useApp } from "../../../../src/app/shared/store";
import type { MetricId } from "../../../../src/engine";
import type { AppDb } from "../../../../src/storage/db/db";
import { createDataset } from "../../../../src/storage/db/datasets";
import { getRun, loadRunResults } from "../../../../src/storage/db/runs";
import { readSamples, requireSamples } from "../../../../src/storage/format/samples-file";
import { datasetCsv } from "../../../e2e/datasets-fixture";
import { runBatchFile } from "../../../mock/batch-answer";

/**
 * "Download batch file" / "Upload results" (no batch API) through the real flow in Node: the app's
 * database on fake-indexeddb, the files the page would save caught at the anchor's click, and the
 * results a `vllm run-batch` would write made by the batch mock's own answering code. The browser
 * test (test/e2e/batch.test.ts) shows the same two rounds of the same 6-row CSV in the page; here
 * are the file names, the line counts, every status line, and what a bad results file is told.
 */

const METRICS: MetricId[] = ["faithfulness", "context_recall"];
const form = { metrics: METRICS, repeat: 1, concurrency: 4, prompts: {} };

let db: AppDb;
let datasetId: string;
/** The files the flow saved (as the browser would download them), in order: each name and its blob's text. */
let saved: { name: string; text: Promise<string> }[] = [];

beforeAll(async () => {
  db = (await appDb())!;
  const { samples } = requireSamples(await readSamples({ name: "files-6.csv", bytes: new TextEncoder().encode(datasetCsv(6)) }));
  datasetId = (await createDataset(db, { name: "files-6", source: { file: "files-6.csv", kind: "csv" }, samples })).id;
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  // The anchor's click is the download: its name and its blob's text are what the user gets.
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: blobs.get(this.href)!.text() });
  });
});
afterAll(() => {
  vi.restoreAllMocks();
});
async function takeSaved() {
  const out = await Promise.all(saved.map(async ({ name, text }) => ({ name, text: await text })));
  saved = [];
  return out;
}

beforeEach(() => {
  // A local server without a batch API and without a key: the files flow needs neither.
  useApp.setState({
    lang: "en",
    apiKey: "",
    settings: { ...DEFAULT_SETTINGS, provider: "custom", baseURL: "http://127.0.0.1:9/v1", model: "mock-judge", embeddingModel: "", maxRetries: 0 },
  });
});

const lineCount = (text: string) => text.trim().split("\n").length;
const output = (name: string, text: string) => new File([text], name, { type: "application/jsonl" });

describe("no batch API: Download batch file / Upload results", () => {
  it("two rounds of the 6-row CSV: the files it writes, the status after each upload, and the stored run", async () => {
    await downloadBatchFiles(datasetId, form);
    const runId = useBatch.getState().filesRunId!;
    expect(runId).toBeTruthy();
    expect((await batchRunKeys(await openBatchDb())).get(runId)).toBe("files");
    expect((await getRun(db, runId))?.status).toBe("running");
    // Round 1: faithfulness' statements and context_recall's verdicts (6 + 6), one chat file.
    const [first, ...none] = await takeSaved();
    expect(none).toEqual([]);
    expect(first!.name).toBe(`batch-${runId.slice(0, 8)}-round-1-chat-1.input.jsonl`);
    expect(lineCount(first!.text)).toBe(12);
    const request = JSON.parse(first!.text.split("\n")[0]!) as { custom_id: string; method: string; url: string; body: { model: string } };
    expect(request).toMatchObject({ method: "POST", url: "/v1/chat/completions", body: { model: "mock-judge" } });
    // Waiting for the user's results, round by round: never "interrupted" (issue 26).
    expect(useBatch.getState()).toMatchObject({
      runId,
      phase: "idle",
      message: "Waiting for batch results (round 1 of 2, file 1 of 1: chat). 0 results of this run in so far.",
      filesWaiting: { runId, round: 1, rounds: 2, files: [{ index: 1, of: 1, kind: "chat" }] },
    });

    // A second download before any upload is the same run's same round, not a new run.
    await downloadBatchFiles(datasetId, form);
    const [again] = await takeSaved();
    expect(useBatch.getState().filesRunId).toBe(runId);
    expect(again).toEqual(first);

    await uploadBatchResults([output("round-1.output.jsonl", runBatchFile(first!.text))]);
    expect(useBatch.getState()).toMatchObject({
      runId,
      filesRunId: runId,
      phase: "idle",
      message: 'Round 1\'s results are all in: "Download batch file" gives round 2. 12 results of this run in so far.',
      filesWaiting: { runId, round: 1, rounds: 2, files: [] },
    });

    // Round 2: faithfulness' verdicts (6).
    await downloadBatchFiles(datasetId, form);
    const [second] = await takeSaved();
    expect(second!.name).toBe(`batch-${runId.slice(0, 8)}-round-2-chat-1.input.jsonl`);
    expect(useBatch.getState().message).toBe("Waiting for batch results (round 2 of 2, file 1 of 1: chat). 12 results of this run in so far.");
    expect(lineCount(second!.text)).toBe(6);

    await uploadBatchResults([output("round-2.output.jsonl", runBatchFile(second!.text))]);
    expect(useBatch.getState()).toMatchObject({ runId, filesRunId: null, phase: "finished", message: "Every result is in: the run is finished." });
    expect((await getRun(db, runId))?.status).toBe("done");
    expect((await batchRunKeys(await openBatchDb())).has(runId)).toBe(false);
    const { entries } = await loadRunResults(db, runId);
    expect(entries).toHaveLength(6);
    expect(entries.flatMap((e) => Object.values(e.metrics)).filter((m) => m !== undefined && m.score !== null).length).toBeGreaterThan(8);
    for (const entry of entries) for (const id of METRICS) expect(entry.metrics[id], `${entry.sampleId} ${id}`).toBeDefined();
  });

  it("a results file with bad lines: the good lines count, the status names the first three problems of each file", async () => {
    await downloadBatchFiles(datasetId, form);
    const runId = useBatch.getState().filesRunId!;
    const [input] = await takeSaved();
    expect(input!.name).toBe(`batch-${runId.slice(0, 8)}-round-1-chat-1.input.jsonl`);
    const good = runBatchFile(input!.text).trim().split("\n");
    // Six of the twelve answers, then four lines that are not batch results.
    const text = [...good.slice(0, 6), "not json", '{"custom_id":"x"}', "{", "[1]"].join("\n");
    await uploadBatchResults([output("partial.output.jsonl", text)]);
    const { message, phase, filesRunId } = useBatch.getState();
    expect(phase).toBe("idle");
    expect(filesRunId).toBe(runId);
    expect(message).toMatch(
      /^Waiting for batch results \(round 1 of 2, file 1 of 1: chat\)\. 6 results of this run in so far\. Some lines were not used: partial\.output\.jsonl: line 7: not JSON; partial\.output\.jsonl: line 8: not a batch result \(.+\); partial\.output\.jsonl: line 9: not JSON$/,
    );
    // Round 1 is not in yet: downloading again gives round 1's file, with only the six requests
    // still unanswered (rows q1-q3); round 2 waits until round 1 is whole.
    await downloadBatchFiles(datasetId, form);
    const [rest] = await takeSaved();
    expect(rest!.name).toBe(`batch-${runId.slice(0, 8)}-round-1-chat-1.input.jsonl`);
    const idsOf = (lines: readonly string[]) => lines.map((l) => (JSON.parse(l) as { custom_id: string }).custom_id);
    const asked = idsOf(rest!.text.trim().split("\n"));
    const unanswered = idsOf(good.slice(6));
    expect(unanswered.every((id) => /^q[123]:/.test(id))).toBe(true);
    expect(asked.sort()).toEqual([...unanswered].sort());
  });

  it("an upload with nothing waiting for results takes nothing and says so", async () => {
    useBatch.setState({ filesRunId: null, phase: "idle", message: "before" });
    await uploadBatchResults([output("stray.output.jsonl", "not json\n")]);
    expect(useBatch.getState()).toMatchObject({
      filesRunId: null,
      phase: "idle",
      message: 'No batch file is waiting for results: "Download batch file" first, run it, then upload what it wrote.',
    });
    expect(await takeSaved()).toEqual([]);
  });

  it("the input file uploaded by mistake is named as such; another run's results are counted apart, not as results in", async () => {
    await downloadBatchFiles(datasetId, form);
    const runId = useBatch.getState().filesRunId!;
    const [input] = await takeSaved();
    await uploadBatchResults([output(input!.name, input!.text)]);
    expect(useBatch.getState().message).toBe(
      `Waiting for batch results (round 1 of 2, file 1 of 1: chat). 0 results of this run in so far. Some lines were not used: ${input!.name}: this is the batch input file, not its results: upload the file the batch runner wrote (e.g. vllm run-batch's -o file).`,
    );
    // Another run's output: the same requests under other custom_ids.
    const other = runBatchFile(input!.text.replaceAll('"custom_id":"q', '"custom_id":"other-q'));
    await uploadBatchResults([output("other-run.output.jsonl", other)]);
    expect(useBatch.getState()).toMatchObject({
      filesRunId: runId,
      message:
        "Waiting for batch results (round 1 of 2, file 1 of 1: chat). 0 results of this run in so far. 12 results belong to no request of this run (another run's file, or one made with other prompts or models): not used.",
    });
  });

  it("rows that repeat a request: the file holds each distinct request once, and every row is scored", async () => {
    const { samples } = requireSamples(await readSamples({ name: "files-6.csv", bytes: new TextEncoder().encode(datasetCsv(6)) }));
    // The six rows twice over, under other ids: twelve rows, six distinct sets of requests.
    const twice = [...samples, ...samples.map((s) => ({ ...s, id: `again-${s.id}` }))];
    const repeated = (await createDataset(db, { name: "twice", source: { file: "twice.csv", kind: "csv" }, samples: twice })).id;
    useBatch.setState({ filesRunId: null });
    for (let round = 1; round <= 3; round++) {
      await downloadBatchFiles(repeated, form);
      const files = await takeSaved();
      if (files.length === 0) break;
      for (const file of files) {
        const bodies = file.text
          .trim()
          .split("\n")
          .map((l) => JSON.stringify((JSON.parse(l) as { body: unknown }).body));
        expect(new Set(bodies).size).toBe(bodies.length);
        // As many lines as for the six rows alone (12, then 6).
        expect(bodies.length).toBe(round === 1 ? 12 : 6);
      }
      await uploadBatchResults(files.map((f) => output(f.name.replace(".input.", ".output."), runBatchFile(f.text))));
      if (useBatch.getState().phase === "finished") break;
    }
    const runId = useBatch.getState().runId!;
    expect(useBatch.getState().phase).toBe("finished");
    const { entries } = await loadRunResults(db, runId);
    expect(entries).toHaveLength(12);
    for (const entry of entries) for (const id of METRICS) expect(entry.metrics[id], `${entry.sampleId} ${id}`).toBeDefined();
    const byId = new Map(entries.map((e) => [e.sampleId, e]));
    for (const s of samples) expect(byId.get(`again-${s.id}`)!.metrics.faithfulness!.score).toBe(byId.get(s.id)!.metrics.faithfulness!.score);
  });
});
