import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../../src/app/shared/settings-model/model";
import { useApp } from "../../../src/app/shared/store";
import { draftOf, type PromptDraft } from "../../../src/app/studio/logic/draft";
import { scoreWithDraft } from "../../../src/app/studio/state/compare-run";
import { baselineOf, promptById, useStudio } from "../../../src/app/studio/state/store";
import { activate, chooseBaseline, loadStudio, removeVersion, saveDraftAsVersion } from "../../../src/app/studio/state/versions";
import { evaluate, resolvePrompt, type PromptOverrides, type Sample } from "../../../src/engine";
import { createJudge } from "../../../src/llm";
import { startMockServer, type MockServer } from "../../mock/server";
import { API_KEY, configFor } from "../../llm/helpers";

/**
 * What "Score with this version" compares the draft with (issue 26): Save version makes the saved
 * text the active version, so comparing with "the active version" right after a save compared a
 * version with itself. The baseline is the version that was active before the save, or the one
 * chosen in "Compare with". Driven through the studio's actions against the mock judge over real
 * HTTP, with IndexedDB on fake-indexeddb.
 */

const PROMPT_ID = "faithfulness.statements";
const prompt = promptById(PROMPT_ID);

const sample: Omit<Sample, "id"> = {
  question: "Where does the Nile end?",
  answer: "The Nile flows north through Egypt. The Nile empties into the Mediterranean Sea.",
  contexts: ["The Nile flows north through Egypt and empties into the Mediterranean Sea."],
};

/** The question becomes a statement the context does not hold: the score this version gives differs from the default's. */
const draftA: PromptDraft = { ...draftOf(prompt), inputTemplate: "Question: {{question}}\nAnswer: {{question}} {{answer}}" };
const overrideA = { inputTemplate: draftA.inputTemplate };
/** Only the instruction changes (same score as the default, another hash). */
const draftB: PromptDraft = { ...draftOf(prompt), instruction: `${prompt.instruction}\nBe terse.` };
const overrideB = { instruction: draftB.instruction };

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ apiKey: API_KEY });
  useApp.setState({
    lang: "en",
    apiKey: API_KEY,
    bypassCache: true,
    settings: { ...DEFAULT_SETTINGS, provider: "openai", baseURL: server.url, model: "mock-judge", embeddingModel: "", maxRetries: 0, prices: [] },
  });
  useApp.getState().loadDraft(sample);
  await loadStudio();
  useStudio.setState({ selectedId: PROMPT_ID });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.resetLog();
});

async function expectedScore(prompts: PromptOverrides): Promise<number | null> {
  const judge = createJudge(configFor(server, { maxRetries: 0 }));
  const out = await evaluate([{ id: "x", ...sample }], ["faithfulness"], { judge, prompts, concurrency: 1 });
  return out.results[0]!.metrics.faithfulness!.score;
}

const versionId = (name: string) => useStudio.getState().versions.find((v) => v.name === name)!.id;
const comparison = () => useStudio.getState().comparison!;

describe("what the draft is compared with", () => {
  it("before any save, the baseline is the active version (the built-in default)", () => {
    expect(baselineOf(useStudio.getState(), PROMPT_ID)).toBeNull();
  });

  it("after Save version, Score with this version compares the saved version with the one active before the save, not with itself", async () => {
    useStudio.setState((s) => ({ drafts: { ...s.drafts, [PROMPT_ID]: draftA } }));
    expect(await saveDraftAsVersion(PROMPT_ID, "A")).toBe(true);
    expect(useStudio.getState().active[PROMPT_ID]).toBe(versionId("A"));
    expect(baselineOf(useStudio.getState(), PROMPT_ID)).toBeNull();

    await scoreWithDraft();
    const { before, after } = comparison();
    expect(before.hash).toBe(resolvePrompt(prompt).hash);
    expect(before.versionName).toBeUndefined();
    expect(after.hash).toBe(resolvePrompt(prompt, overrideA).hash);
    expect(after).toMatchObject({ versionName: "A", edited: false });
    expect(before.result.score).toBe(await expectedScore({}));
    expect(after.result.score).toBe(await expectedScore({ [PROMPT_ID]: overrideA }));
    expect(after.result.score).not.toBe(before.result.score);
  });

  it("a second save compares with the version the first save made active", async () => {
    useStudio.setState((s) => ({ drafts: { ...s.drafts, [PROMPT_ID]: draftB } }));
    expect(await saveDraftAsVersion(PROMPT_ID, "B")).toBe(true);
    expect(baselineOf(useStudio.getState(), PROMPT_ID)).toBe(versionId("A"));
    await scoreWithDraft();
    const { before, after } = comparison();
    expect(before).toMatchObject({ versionName: "A", edited: false, hash: resolvePrompt(prompt, overrideA).hash });
    expect(after).toMatchObject({ versionName: "B", edited: false, hash: resolvePrompt(prompt, overrideB).hash });
    expect(before.result.score).toBe(await expectedScore({ [PROMPT_ID]: overrideA }));
  });

  it("a baseline chosen in Compare with is used, and stays chosen across a save and an activation", async () => {
    chooseBaseline(PROMPT_ID, null);
    expect(baselineOf(useStudio.getState(), PROMPT_ID)).toBeNull();
    await scoreWithDraft();
    expect(comparison().before.hash).toBe(resolvePrompt(prompt).hash);

    useStudio.setState((s) => ({ drafts: { ...s.drafts, [PROMPT_ID]: { ...draftB, instruction: `${draftB.instruction} Really.` } } }));
    expect(await saveDraftAsVersion(PROMPT_ID, "C")).toBe(true);
    await activate(PROMPT_ID, versionId("A"));
    expect(baselineOf(useStudio.getState(), PROMPT_ID)).toBeNull();

    chooseBaseline(PROMPT_ID, versionId("B"));
    await scoreWithDraft();
    expect(comparison().before).toMatchObject({ versionName: "B", hash: resolvePrompt(prompt, overrideB).hash });
  });

  it("deleting the baseline version falls back to the active one", async () => {
    const b = useStudio.getState().versions.find((v) => v.name === "B")!;
    await removeVersion(b);
    expect(baselineOf(useStudio.getState(), PROMPT_ID)).toBe(versionId("A"));
    await scoreWithDraft();
    expect(comparison().before).toMatchObject({ versionName: "A", hash: resolvePrompt(prompt, overrideA).hash });
  });
});
