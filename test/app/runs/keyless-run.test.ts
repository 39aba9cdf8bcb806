// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { describe, expect, test } from "vitest";
import { keylessSkipText } from "../../../src/app/runs/KeylessNote";
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
  test("runs with no key and sends nothing (not even the check request); with only judge metrics chosen, it asks for a key", async () => {
    await withFetchRefused(async (fetches) => {
      useApp.setState({ apiKey: "" });
      const db = (await appDb())!;
      const dataset = await createDataset(db, { name: "text", source: { file: "t.jsonl", kind: "jsonl" }, samples });

      await startRun(dataset.id, { metrics: ["faithfulness", "context_recall"], repeat: 1, concurrency: 2 });
      // No key and nothing that runs without one: said next to Start, with the way to Settings, before any request.
      expect(useRuns.getState().notice).toMatchObject({ text: expect.stringMatching(/API key/), at: "start", settings: true });
      expect(useRuns.getState().runs).toEqual([]);

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

describe("a dataset run with no key and judge metrics among the chosen ones (issue 26)", () => {
  test("scores the metrics that need no judge, skips the others, sends nothing, and says which were skipped (en, zh)", async () => {
    await withFetchRefused(async (fetches) => {
      useApp.setState({ apiKey: "", lang: "en" });
      const db = (await appDb())!;
      const dataset = await createDataset(db, { name: "mixed", source: { file: "m.jsonl", kind: "jsonl" }, samples });

      await startRun(dataset.id, { metrics: ["faithfulness", "bleu", "context_recall", "exact_match"], repeat: 1, concurrency: 2 });
      expect(useRuns.getState().notice).toBeNull();
      const runId = useRuns.getState().selectedId!;
      const run = await getRun(db, runId);
      expect(run?.status).toBe("done");
      expect(run?.metrics).toEqual(["bleu", "exact_match"]);
      const { entries } = await loadRunResults(db, runId);
      expect(entries.map((e) => Object.keys(e.metrics).sort())).toEqual([
        ["bleu", "exact_match"],
        ["bleu", "exact_match"],
      ]);
      expect(entries.find((e) => e.sampleId === "en")?.metrics.exact_match?.score).toBe(1);
      expect(useRuns.getState().keylessSkips[runId]).toEqual(["faithfulness", "context_recall"]);
      expect(keylessSkipText(runId)).toBe(
        "Run without an API key: Faithfulness, Context recall were skipped (they need a judge). Add a key in Settings and start a run with them.",
      );
      useApp.setState({ lang: "zh" });
      expect(keylessSkipText(runId)).toBe("未使用 API 密钥运行：已跳过忠实度、上下文召回率（它们需要评审模型）。在设置中添加密钥后，再用它们开始一次运行。");
      expect(fetches).toEqual([]);
    });
  });
});
