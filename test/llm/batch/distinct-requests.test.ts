import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate, type Sample } from "../../../src/engine";
import { PAPER_METRIC_IDS } from "../../../src/engine/metrics/types";
import { openAiBatchApi } from "../../../src/llm/batch/batch-api";
import { memoryBatchState } from "../../../src/llm/batch/batch-state";
import { planFilesRound } from "../../../src/llm/batch/files-round";
import { runByBatch } from "../../../src/llm/batch/run-batch";
import { MemoryResponseCache } from "../../../src/llm/cache";
import { parseTransportConfig } from "../../../src/llm/config";
import { createEmbedder } from "../../../src/llm/embedder";
import { createJudge } from "../../../src/llm/judge";
import { runBatchFile } from "../../mock/batch-answer";
import { type BatchMock, startBatchMock } from "../../mock/batch-server";
import { type MockServer, startMockServer } from "../../mock/server";
import { withoutUsageOrSharing } from "./batch-samples";

/**
 * Issue 26, defect 4: a batch run sends each distinct request once per round and fans its reply
 * out to every row that asked it, as the sync run's reply cache answers the repeats.
 */

const KEY = "sk-batch-distinct-key";
let batch: BatchMock;
let sync: MockServer;
beforeAll(async () => {
  batch = await startBatchMock({ apiKey: KEY });
  sync = await startMockServer({ apiKey: KEY });
});
afterAll(async () => {
  await batch.close();
  await sync.close();
});

/** 50 rows over 10 answers (with their contexts and references) and 20 questions: many requests repeat. */
function repeatedRows(n = 50): Sample[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `r${String(i + 1).padStart(2, "0")}`,
    question: `What does record ${i % 20} say about the river?`,
    answer: `Record ${i % 10} says the river is long. It also says the river is ${i % 2 ? "old" : "green"}.`,
    contexts: [`Record ${i % 10}: the river is long and the river is old.`, "Paris is in France. It has cafés."],
    ...(i % 10 === 9 ? {} : { reference: `Record ${i % 10} says the river is long.` }),
  }));
}

const transport = (url: string, more: Record<string, unknown> = {}) =>
  parseTransportConfig({ baseURL: url, apiKey: KEY, model: "mock-judge", embeddingModel: "mock-embedding", maxRetries: 0, ...more });

const clockSleep = async (ms: number) => batch.advance(ms);

interface SentLine {
  custom_id: string;
  url: string;
  body: unknown;
}

describe("a batch run sends each distinct request once", () => {
  it("by the batch API: only distinct lines, every row scored as the sync run with its reply cache, the same request counts", async () => {
    const samples = repeatedRows();
    // The sync run, one request at a time so that its reply cache answers every repeat.
    const cache = new MemoryResponseCache();
    const syncConfig = transport(sync.url, { cache });
    sync.resetLog();
    const syncRun = await evaluate(samples, PAPER_METRIC_IDS, { judge: createJudge(syncConfig), embedder: createEmbedder(syncConfig), concurrency: 1 });
    const syncChat = sync.log.filter((r) => r.kind === "chat").length;
    const syncEmbed = sync.log.filter((r) => r.kind === "embedding").length;

    const config = transport(batch.url);
    const api = openAiBatchApi(config);
    const before = batch.created.length;
    const out = await runByBatch({
      units: samples.map((sample) => ({ sample, metricIds: PAPER_METRIC_IDS })),
      plan: { hasEmbedder: true },
      config,
      apiFor: () => api,
      store: memoryBatchState(),
      sleep: clockSleep,
    });
    const created = batch.created.slice(before);
    const sent: SentLine[] = [];
    for (const b of created) {
      const text = await api.content(b.inputFileId);
      sent.push(
        ...text
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as SentLine),
      );
    }
    const bodies = sent.map((l) => JSON.stringify([l.url, l.body]));
    expect(new Set(bodies).size).toBe(bodies.length);
    const chatLines = sent.filter((l) => l.url === "/v1/chat/completions").length;
    const embedLines = sent.filter((l) => l.url === "/v1/embeddings").length;
    // The numbers of this slice's report: the sync run's requests against the batch's lines.
    console.info(`repeated rows (50): sync ${syncChat} chat + ${syncEmbed} embeddings; by batch ${chatLines} chat + ${embedLines} embedding lines`);
    expect(chatLines).toBe(syncChat);
    expect(embedLines).toBe(syncEmbed);
    // Every row has every metric, scored as the sync run scored it.
    expect(out.pass.finished).toBe(samples.length * PAPER_METRIC_IDS.length);
    expect(withoutUsageOrSharing(out.pass.results)).toEqual(withoutUsageOrSharing(syncRun.results));
    // Each line is billed once: one sent copy per line, every other row's copy marked cached.
    const billed = out.pass.results.flatMap((r) => Object.values(r.metrics).flatMap((m) => m!.trace.calls.filter((c) => !c.cached)));
    expect(billed).toHaveLength(sent.length);
  }, 120_000);

  it("by files: the downloaded files hold distinct lines only, and the rounds finish with every row scored (also against a schema-random judge)", async () => {
    const samples = repeatedRows();
    const units = samples.map((sample) => ({ sample, metricIds: PAPER_METRIC_IDS }));
    const config = transport("http://127.0.0.1:1/v1");
    for (const brains of [{}, { schemaRandom: { seed: 26 } }]) {
      const outputs: { name: string; text: string }[] = [];
      let lines = 0;
      for (let round = 1; ; round++) {
        const next = await planFilesRound({ units, plan: { hasEmbedder: true }, config, outputs });
        if (next.done) {
          expect(next.pass.finished).toBe(samples.length * PAPER_METRIC_IDS.length);
          expect(next.pass.results.every((r) => Object.keys(r.metrics).length === PAPER_METRIC_IDS.length)).toBe(true);
          break;
        }
        expect(round).toBeLessThanOrEqual(4);
        for (const chunk of next.chunks) {
          const bodies = chunk.lines.map((l) => JSON.stringify(l.body));
          expect(new Set(bodies).size).toBe(bodies.length);
          lines += chunk.lines.length;
          outputs.push({ name: `round-${round}-${chunk.kind}-${chunk.part}.output.jsonl`, text: runBatchFile(chunk.text, brains) });
        }
      }
      // 50 rows over 10 answers: far fewer lines than rows times requests.
      expect(lines).toBeLessThan(150);
    }
  }, 120_000);
});
