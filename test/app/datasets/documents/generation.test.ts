import "fake-indexeddb/auto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cancelGeneration,
  chunksOfDocuments,
  pauseGeneration,
  refreshGeneration,
  resumeGeneration,
  samplesFileOf,
  startGeneration,
  useGeneration,
} from "../../../../src/app/datasets/documents/generation";
import type { FromDocumentsWorker } from "../../../../src/app/datasets/documents/protocol";
import { createDocumentsSession } from "../../../../src/app/datasets/documents/session";
import { useDocuments } from "../../../../src/app/datasets/documents/store";
import { testsetLinesOf } from "../../../../src/app/datasets/export-testset";
import { useDatasets } from "../../../../src/app/datasets/store";
import { appDb } from "../../../../src/app/shared/persist/db";
import { loadDatasetRows } from "../../../../src/storage/db/datasets";
import { loadGenerationJob } from "../../../../src/storage/db/generation-jobs";
import { savePromptVersion, setActiveVersion } from "../../../../src/storage/db/prompt-versions";
import { DEFAULT_SETTINGS } from "../../../../src/app/shared/settings-model/model";
import { useApp } from "../../../../src/app/shared/store";
import { type MockServer, startMockServer } from "../../../mock/server";

/** "Generate test set" in the app: the documents' chunks through the real ports to the mock server, the result stored as a dataset. */
const CORPUS = join(import.meta.dirname, "../../../fixtures/documents/corpus");
const API_KEY = "sk-generate-test";
let server: MockServer;

beforeAll(async () => {
  // schema-random: every reply is only what the request's schema allows, nothing cooperative
  server = await startMockServer({ apiKey: API_KEY, schemaRandom: { seed: 7 } });
  useApp.setState({
    apiKey: API_KEY,
    settings: {
      ...DEFAULT_SETTINGS,
      provider: "openai",
      baseURL: server.url,
      model: "mock-judge",
      embeddingModel: "mock-embedding",
      concurrency: 3,
      maxRetries: 0,
      prices: [],
    },
  });
  const entries: FromDocumentsWorker[] = [];
  const files = ["en-long.md", "zh-tea.md", "en-page.html", "empty.txt"].map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(CORPUS, name))) }));
  await createDocumentsSession((m) => entries.push(m))({ type: "parse", files });
  useDocuments.setState({ entries: entries.flatMap((m) => (m.type === "document" ? [m.entry] : [])) });
}, 60_000);
async function openedAppDb() {
  const db = await appDb();
  if (!db) throw new Error("IndexedDB did not open");
  return db;
}

afterAll(async () => {
  await server.close();
});

describe("generate a test set from imported documents", () => {
  it("quick mode, 4 questions, no checks: exactly 4 rows stored as a dataset, no answers, contexts equal to their documents' text", async () => {
    const chunks = chunksOfDocuments();
    expect(chunks).toHaveLength(10);
    await startGeneration({ size: 4, mode: "quick", language: "auto", checks: [] }, "docs test set");
    const phase = useGeneration.getState().phase;
    if (phase.kind !== "done") throw new Error(`generation ended ${JSON.stringify(phase)}`);
    expect(phase.result.samples).toHaveLength(4);
    expect(phase.result.complete).toBe(true);
    expect(phase.dataset).toBe("docs test set");
    const texts = new Map(useDocuments.getState().entries.flatMap((e) => (e.ok ? [[e.name, e.document.text] as const] : [])));
    for (const line of phase.result.samples)
      for (const [i, source] of line.sources.entries()) expect(line.reference_contexts[i]).toBe(texts.get(source.document)?.slice(source.start, source.end));
    const rows = useDatasets.getState().rows.map((r) => r.sample);
    expect(rows).toEqual(samplesFileOf(phase.result).samples);
    expect(rows.map((r) => r.answer)).toEqual(["", "", "", ""]);
    expect(rows.map((r) => r.question)).toEqual(phase.result.samples.map((s) => s.user_input));
    expect(phase.result.usage.chatRequests).toBeGreaterThanOrEqual(4);
    // The stored rows keep the rest of contract 12's columns, so the set exports as it was generated.
    expect(testsetLinesOf(useDatasets.getState().rows)).toEqual(phase.result.samples);
    const stored = await loadDatasetRows(await openedAppDb(), useDatasets.getState().selectedId ?? "");
    expect(testsetLinesOf(stored.rows)).toEqual(phase.result.samples);
  }, 120_000);

  it("with every check against random replies, a short set says so and stores only lines that passed", async () => {
    await startGeneration({ size: 3, mode: "quick", language: "auto", checks: ["grounded", "standalone", "leakage", "duplicate"] }, "checked");
    const phase = useGeneration.getState().phase;
    if (phase.kind !== "done") throw new Error(`generation ended ${JSON.stringify(phase)}`);
    const { samples, rejected, candidates, complete } = phase.result;
    const rejectedTotal = Object.values(rejected).reduce((a, b) => a + b, 0);
    expect(samples.length + rejectedTotal).toBe(candidates);
    expect(candidates).toBeLessThanOrEqual(9);
    expect(complete).toBe(samples.length === 3);
    for (const s of samples) expect(Object.values(s.checks).every((c) => c?.pass)).toBe(true);
  }, 120_000);

  it("sends the prompt studio's active version of a generation prompt, and records its name on the calls", async () => {
    const db = await openedAppDb();
    const edited = "EDITED: write one question about these contexts, and its answer.";
    const version = await savePromptVersion(db, { promptId: "testset.quick", name: "terse", override: { instruction: edited } }, { activate: true });
    server.log.length = 0;
    await startGeneration({ size: 2, mode: "quick", language: "auto", checks: [] }, "edited prompts");
    await setActiveVersion(db, "testset.quick", null);
    const phase = useGeneration.getState().phase;
    if (phase.kind !== "done") throw new Error(`generation ended ${JSON.stringify(phase)}`);
    const sent = server.log.filter((r) => r.kind === "chat").map((r) => JSON.stringify(r.body));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.every((body) => body.includes("EDITED: write one question"))).toBe(true);
    expect(phase.result.calls.filter((c) => c.promptId === "testset.quick").map((c) => c.promptVersion)).toEqual(
      phase.result.calls.filter((c) => c.promptId === "testset.quick").map(() => version.name),
    );
    expect(phase.result.calls.some((c) => c.promptId === "testset.quick")).toBe(true);
  }, 120_000);

  it("Pause in the app keeps the job paused; Resume refuses another endpoint in words and keeps the job; Resume then finishes it; Cancel forgets a stored one", async () => {
    // 8 candidates through a limiter of 4: when Pause comes, some have not started.
    const form = { size: 8, mode: "quick" as const, language: "auto", checks: [] };
    server.gate.hold();
    server.gate.allow(1);
    const running = startGeneration(form, "paused in the app");
    await expect.poll(() => server.gate.parked).toBeGreaterThan(0);
    pauseGeneration();
    expect(useGeneration.getState().phase).toMatchObject({ kind: "running", pausing: true });
    server.gate.release();
    await running;
    expect(useGeneration.getState().phase).toMatchObject({ kind: "stored", state: "paused", job: { name: "paused in the app", options: { size: 8 } } });
    const db = await openedAppDb();
    expect((await loadGenerationJob(db)).job?.status).toBe("paused");

    // Settings point elsewhere now: the cached replies are that endpoint's, so Resume says so and sends nothing.
    const settings = useApp.getState().settings;
    useApp.setState({ settings: { ...settings, baseURL: "http://127.0.0.1:9/v1" } });
    await resumeGeneration();
    const failed = useGeneration.getState().phase;
    expect(failed.kind).toBe("failed");
    if (failed.kind === "failed") {
      expect(failed.message).toBe(
        `This generation was started with the Base URL ${server.url}, and Settings now say http://127.0.0.1:9/v1: set it back to resume (its answered requests are cached for that endpoint), or cancel the generation.`,
      );
      expect(failed.stored?.state).toBe("paused");
    }
    useApp.setState({ settings });

    await resumeGeneration();
    const done = useGeneration.getState().phase;
    if (done.kind !== "done") throw new Error(`resumed generation ended ${JSON.stringify(done)}`);
    expect(done.result.samples).toHaveLength(8);
    expect(done.result.usage.cachedRequests).toBeGreaterThan(0);
    expect(done.dataset).toBe("paused in the app");
    expect((await loadGenerationJob(db)).job).toBeUndefined();

    // A stored generation is offered on the next visit; Cancel forgets it. (Another size: the first one's requests are all cached.)
    server.gate.hold();
    const again = startGeneration({ ...form, size: 16 }, "cancelled in the app");
    await expect.poll(() => server.gate.parked).toBeGreaterThan(0);
    pauseGeneration();
    server.gate.release();
    await again;
    useGeneration.setState({ phase: { kind: "idle" } });
    await refreshGeneration();
    expect(useGeneration.getState().phase).toMatchObject({ kind: "stored", state: "paused" });
    await cancelGeneration();
    expect(useGeneration.getState().phase).toEqual({ kind: "idle" });
    expect((await loadGenerationJob(db)).job).toBeUndefined();
  }, 120_000);
});
