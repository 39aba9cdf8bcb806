import "fake-indexeddb/auto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IDBFactory } from "fake-indexeddb";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS } from "../../../src/app/shared/settings-model/model";
import { useApp } from "../../../src/app/shared/store";
import { checkDraft } from "../../../src/app/studio/logic/draft";
import { studioT } from "../../../src/app/studio/messages";
import { promptById, setDraftField, useStudio } from "../../../src/app/studio/state/store";
import { translateExamples } from "../../../src/app/studio/state/translate-run";
import { exportText, loadStudio, saveDraftAsVersion } from "../../../src/app/studio/state/versions";
import { runCliInProcess } from "../../cli/spawn-cli";
import { MOCK_MODEL, wikiEvalSample } from "../../e2e/fixtures";
import { startMockServer, type MockServer } from "../../mock/server";
import { studioResponders } from "../../mock/studio-brains";

/**
 * The studio's prompt set file and the CLI (issue 4), through the studio's real store and storage
 * and the CLI's real command line: versions saved in the studio (an edited instruction, translated
 * few-shot examples) give the CLI exactly the studio's prompt hashes and version names, and the
 * same file imported into a fresh profile gives the same hashes again. The browser test
 * (test/e2e/studio.test.ts) shows the same file coming out of the real page's download.
 */

const VERDICTS = "faithfulness.verdicts";
const RECALL = "context_recall.statements";
const KEY = "sk-studio-node";
const sample = wikiEvalSample("Oppenheimer (film)");

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ responders: studioResponders });
});
afterAll(async () => {
  await server.close();
});

const hashOf = (id: string) => checkDraft(promptById(id), useStudio.getState().drafts[id]!).hash;

describe("a prompt set saved in the studio", () => {
  it("gives the CLI the studio's hashes and version names, and a fresh profile importing it gets the same hashes", async () => {
    useApp.setState({
      lang: "en",
      apiKey: KEY,
      bypassCache: true,
      settings: { ...DEFAULT_SETTINGS, provider: "openai", baseURL: server.url, model: MOCK_MODEL, embeddingModel: "", maxRetries: 0 },
    });
    useApp.getState().loadDraft(sample);
    await loadStudio();

    setDraftField(VERDICTS, "instruction", "STRICT. Check each numbered statement against the context alone.");
    expect(await saveDraftAsVersion(VERDICTS, "strict")).toBe(true);
    const verdictsHash = hashOf(VERDICTS)!;

    // Translated examples, saved as a version the way the review's "Save as version" does.
    const recallDefault = hashOf(RECALL);
    useStudio.setState({ selectedId: RECALL });
    await translateExamples("Chinese (Simplified)");
    expect(server.log.filter((r) => r.schemaName === "translated_strings")).toHaveLength(1);
    const review = useStudio.getState().translation!;
    expect(review.after).toContain("译：");
    expect(hashOf(RECALL)).toBe(recallDefault);
    expect(await saveDraftAsVersion(RECALL, "zh examples", { ...useStudio.getState().drafts[RECALL]!, examplesText: review.after })).toBe(true);
    const recallHash = hashOf(RECALL)!;
    expect(recallHash).not.toBe(recallDefault);

    const { text, count, unsaved } = exportText();
    expect([count, unsaved]).toEqual([2, false]);
    const set = JSON.parse(text);
    expect(set.format).toBe("ragas-playground/prompts");
    expect(Object.keys(set.prompts).sort()).toEqual([RECALL, VERDICTS]);

    // The CLI, run on the same sample against the same endpoint with that file.
    const dir = mkdtempSync(join(tmpdir(), "studio-set-"));
    const exported = join(dir, "prompts.json");
    writeFileSync(exported, text);
    writeFileSync(join(dir, "sample.json"), JSON.stringify([sample]));
    const out = join(dir, "report.json");
    const args = ["score", "--input", join(dir, "sample.json"), "--metrics", "faithfulness,context_recall", "--base-url", server.url];
    const run = await runCliInProcess([...args, "--model", MOCK_MODEL, "--prompts", exported, "--out", out], { env: { OPENAI_API_KEY: KEY } });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(out, "utf8"));
    const configHashes = Object.fromEntries((report.config.prompts as { id: string; hash: string }[]).map((p) => [p.id, p.hash]));
    expect(configHashes[VERDICTS]).toBe(verdictsHash);
    expect(configHashes[RECALL]).toBe(recallHash);
    const metrics = report.results[0].metrics;
    const cliCalls = metrics.faithfulness.trace.calls.concat(metrics.context_recall.trace.calls) as {
      promptId: string;
      promptHash: string;
      promptVersion?: string;
    }[];
    expect(cliCalls.find((c) => c.promptId === VERDICTS)).toMatchObject({ promptHash: verdictsHash, promptVersion: "strict" });
    expect(cliCalls.find((c) => c.promptId === RECALL)).toMatchObject({ promptHash: recallHash, promptVersion: "zh examples" });
    expect(metrics.faithfulness.score).toBe(0);

    // A fresh profile: empty storage and a new app instance (fresh modules), then the same file imported.
    globalThis.indexedDB = new IDBFactory();
    vi.resetModules();
    const fresh = await import("../../../src/app/studio/state/versions");
    const freshStore = await import("../../../src/app/studio/state/store");
    const freshDraft = await import("../../../src/app/studio/logic/draft");
    await fresh.loadStudio();
    expect(freshStore.useStudio.getState().versions).toEqual([]);
    await fresh.importText(text, "prompts.json");
    expect(freshStore.useStudio.getState().notice?.text(studioT())).toMatch(/^Imported 2 prompts from /);
    const freshHash = (id: string) => freshDraft.checkDraft(freshStore.promptById(id), freshStore.useStudio.getState().drafts[id]!).hash;
    expect(freshHash(VERDICTS)).toBe(verdictsHash);
    expect(freshHash(RECALL)).toBe(recallHash);
    const { versions, active } = freshStore.useStudio.getState();
    expect(versions.find((v) => v.id === active[VERDICTS])?.name).toBe("strict");
    expect(versions.find((v) => v.id === active[RECALL])?.name).toBe("zh examples");
  });
});
