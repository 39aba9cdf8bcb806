// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { describe, expect, test } from "vitest";
import { startRun } from "../../../src/app/runs/run-actions";
import { useRuns } from "../../../src/app/runs/run-state";
import { appDb } from "../../../src/app/shared/persist/db";
import { useApp } from "../../../src/app/shared/store";
import { createDataset } from "../../../src/storage/db/datasets";
import { getRun, loadRunResults } from "../../../src/storage/db/runs";
import { withFetchRefused } from "../refused-fetch";

const samples = [
  { id: "en", question: "Capital?", answer: "Paris is the capital of France.", contexts: ["Paris."], reference: "Paris is the capital of France." },
  { id: "zh", question: "首都？", answer: "法国的首都是巴黎。", contexts: ["巴黎。"], reference: "巴黎" },
];

describe("a dataset run of the metrics that need no judge", () => {
  test("runs with no key and sends nothing (not even the check request); with a judge metric among them, it still asks for a key", async () => {
    await withFetchRefused(async (fetches) => {
      useApp.setState({ apiKey: "" });
      const db = (await appDb())!;
      const dataset = await createDataset(db, { name: "text", source: { file: "t.jsonl", kind: "jsonl" }, samples });

      await startRun(dataset.id, { metrics: ["faithfulness", "bleu"], repeat: 1, concurrency: 2 });
      // No key: said next to Start, with the way to Settings, before any request.
      expect(useRuns.getState().notice).toMatchObject({ text: expect.stringMatching(/API key/), at: "start", settings: true });

      useRuns.setState({ notice: null });
      await startRun(dataset.id, { metrics: ["bleu", "rouge_l", "string_presence"], repeat: 1, concurrency: 2 });
      // No key, yet it ran: no check request either (fetches stays empty below).
      expect(useRuns.getState().notice).toBeNull();
      const runId = useRuns.getState().selectedId!;
      expect((await getRun(db, runId))?.status).toBe("done");
      const { entries } = await loadRunResults(db, runId);
      const bySample = Object.fromEntries(entries.map((e) => [e.sampleId, e.metrics]));
      expect(bySample.en?.bleu?.score).toBe(1);
      expect(bySample.zh?.string_presence?.score).toBe(1);
      expect(bySample.zh?.rouge_l?.score).toBeCloseTo((2 * (2 / 8)) / (2 / 8 + 1), 12);
      expect(fetches).toEqual([]);
    });
  });
});
