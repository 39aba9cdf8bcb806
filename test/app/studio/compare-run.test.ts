import "fake-indexeddb/auto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS } from "../../../src/app/shared/settings-model/model";
import { useApp } from "../../../src/app/shared/store";
import { draftOf, type PromptDraft } from "../../../src/app/studio/logic/draft";
import { scoreWithDraft } from "../../../src/app/studio/state/compare-run";
import { promptById, useStudio } from "../../../src/app/studio/state/store";
import { studioT } from "../../../src/app/studio/messages";
import { evaluate, validatePrompt, resolvePrompt, type PromptOverrides, type Sample } from "../../../src/engine";
import { createJudge } from "../../../src/llm";
import { answered } from "../../mock/request-log";
import { startMockServer, type MockServer } from "../../mock/server";
import { API_KEY, configFor } from "../../llm/helpers";

/**
 * "Score with this version" driven through its public function against the mock judge over real
 * HTTP, with the app's real ports (IndexedDB response cache on fake-indexeddb). Only Date is faked:
 * the HTTP client keeps its real timers.
 */

const PROMPT_ID = "faithfulness.statements";
const prompt = promptById(PROMPT_ID);
const PRICE = { model: "mock-judge", input: 3, output: 7 };

const sample: Omit<Sample, "id"> = {
  question: "Where does the Nile end?",
  answer: "The Nile flows north through Egypt. The Nile empties into the Mediterranean Sea.",
  contexts: ["The Nile flows north through Egypt and empties into the Mediterranean Sea."],
};

/** Edit A: the statements step also sees the question as part of the answer, which the context does not support. */
const draftA: PromptDraft = { ...draftOf(prompt), inputTemplate: "Question: {{question}}\nAnswer: {{question}} {{answer}}" };
/** Edit B: only the instruction changes, with a marker the mock's log can be searched for. */
const MARKER_B = "EDIT-B-7f3a";
const draftB: PromptDraft = { ...draftOf(prompt), instruction: `${prompt.instruction}\n${MARKER_B}` };

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ apiKey: API_KEY });
});
afterAll(async () => {
  await server.close();
});

function useEndpoint(patch: Partial<typeof DEFAULT_SETTINGS> = {}, apiKey = API_KEY): void {
  useApp.setState({
    lang: "en",
    apiKey,
    bypassCache: false,
    settings: {
      ...DEFAULT_SETTINGS,
      provider: "openai",
      baseURL: server.url,
      model: "mock-judge",
      embeddingModel: "",
      maxRetries: 0,
      prices: [PRICE],
      ...patch,
    },
  });
  useApp.getState().loadDraft(sample);
}

function openDraft(draft: PromptDraft): void {
  useStudio.setState({
    selectedId: PROMPT_ID,
    drafts: { [PROMPT_ID]: draft },
    opened: {},
    versions: [],
    active: {},
    comparison: null,
    tryNotice: null,
    rescores: [],
  });
}

/** What evaluate() gives for this sample with these prompts, through a judge with no cache. */
async function expectedScore(prompts: PromptOverrides): Promise<number | null> {
  const judge = createJudge(configFor(server, { maxRetries: 0 }));
  const out = await evaluate([{ id: "x", ...sample }], ["faithfulness"], { judge, prompts, concurrency: 1 });
  return out.results[0]!.metrics.faithfulness!.score;
}

const noticeText = () => {
  const notice = useStudio.getState().tryNotice;
  return notice ? notice.text(studioT()) : undefined;
};
const chatRequests = () => answered(server.log).filter((r) => r.kind === "chat");
const billed = (records: ReturnType<typeof chatRequests>) => records.reduce((n, r) => n + r.promptTokens + r.completionTokens, 0);
const usdOf = (records: ReturnType<typeof chatRequests>) =>
  records.reduce((n, r) => n + (r.promptTokens * PRICE.input + r.completionTokens * PRICE.output) / 1e6, 0);
const systemText = (r: ReturnType<typeof chatRequests>[number]) => (r.body as { messages: { content: string }[] }).messages[0]!.content;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-01T10:00:00Z"));
  server.resetLog();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("score with this version", () => {
  it("before and after are what evaluate() gives with the active prompts and with the draft; the re-score bills both sides", async () => {
    useEndpoint({}, API_KEY);
    useApp.setState({ bypassCache: true });
    openDraft(draftA);
    await scoreWithDraft();

    const state = useStudio.getState();
    const requests = chatRequests();
    expect(noticeText()).toBeUndefined();
    const comparison = state.comparison!;
    expect(comparison.promptId).toBe(PROMPT_ID);
    expect(comparison.metricId).toBe("faithfulness");
    const overrideA = { inputTemplate: draftA.inputTemplate };
    expect(comparison.before.result.score).toBe(await expectedScore({}));
    expect(comparison.after.result.score).toBe(await expectedScore({ [PROMPT_ID]: overrideA }));
    // The edit is one the score can see: the question is a statement the context does not hold.
    expect(comparison.after.result.score).not.toBe(comparison.before.result.score);
    expect(comparison.before.hash).toBe(resolvePrompt(prompt).hash);
    expect(comparison.after.hash).toBe(resolvePrompt(prompt, overrideA).hash);
    expect(comparison.before).toMatchObject({ versionName: undefined, edited: false });
    expect(comparison.after).toMatchObject({ versionName: undefined, edited: true });
    const edited = comparison.after.result.trace.calls.filter((c) => c.promptId === PROMPT_ID);
    expect(edited.map((c) => c.promptVersion)).toEqual(["unsaved edit"]);

    // Tokens and USD of this re-score: every request the mock answered for it (two steps on each side).
    expect(requests).toHaveLength(4);
    const [entry] = state.rescores;
    expect(entry).toMatchObject({ at: Date.parse("2026-03-01T10:00:00Z"), live: false, score: comparison.after.result.score, cached: false });
    expect(entry!.tokens).toBe(billed(requests));
    expect(entry!.usd).toBeCloseTo(usdOf(requests), 12);
    expect(state.busy).toBeNull();
  });

  it("a second re-score with the same sample and active set sends only the edited side", async () => {
    useEndpoint();
    useApp.setState({ bypassCache: true });
    openDraft(draftA);
    await scoreWithDraft();
    const before = useStudio.getState().comparison!.before;

    server.resetLog();
    useStudio.setState({ drafts: { [PROMPT_ID]: draftB } });
    await scoreWithDraft(true);

    const requests = chatRequests();
    const comparison = useStudio.getState().comparison!;
    expect(requests.length).toBeGreaterThan(0);
    // The after side's calls, one request each; nothing for the unchanged before side.
    expect(requests).toHaveLength(comparison.after.result.trace.calls.length);
    const statements = requests.filter((r) => r.schemaName === "faithfulness_statements");
    expect(statements).toHaveLength(1);
    expect(systemText(statements[0]!)).toContain(MARKER_B);
    expect(comparison.before).toBe(before);
    expect(comparison.after.result.score).toBe(await expectedScore({ [PROMPT_ID]: { instruction: draftB.instruction } }));
    const [entry, first] = useStudio.getState().rescores;
    expect(entry!.live).toBe(true);
    expect(entry!.tokens).toBe(billed(requests));
    expect(entry!.usd).toBeCloseTo(usdOf(requests), 12);
    expect(first!.live).toBe(false);
  });

  it("a changed sample scores the before side again", async () => {
    useEndpoint();
    useApp.setState({ bypassCache: true });
    openDraft(draftB);
    await scoreWithDraft();
    server.resetLog();
    useApp.getState().setField("answer", "The Nile empties into the Mediterranean Sea.");
    await scoreWithDraft();
    const statements = chatRequests().filter((r) => r.schemaName === "faithfulness_statements");
    expect(statements.map((r) => systemText(r).includes(MARKER_B)).sort()).toEqual([false, true]);
  });

  it("with the response cache on, an unchanged re-score is served from it: no request, no tokens, no cost", async () => {
    useEndpoint();
    openDraft(draftA);
    await scoreWithDraft();
    server.resetLog();
    await scoreWithDraft();
    expect(chatRequests()).toHaveLength(0);
    expect(useStudio.getState().rescores[0]).toMatchObject({ cached: true, tokens: 0, usd: 0 });
  });

  it("a model with no price gives a re-score with no USD (unknown, not zero)", async () => {
    useEndpoint({ prices: [] });
    useApp.setState({ bypassCache: true });
    openDraft(draftA);
    await scoreWithDraft();
    expect(useStudio.getState().rescores[0]!.usd).toBeNull();
    expect(useStudio.getState().comparison!.after.usd).toBeNull();
  });
});

describe("what is refused before any request", () => {
  it("a draft with an error is refused with the engine's message", async () => {
    useEndpoint();
    const broken: PromptDraft = { ...draftOf(prompt), inputTemplate: "Question: {{question}}\nAnswer: {{answer}} {{nope}}" };
    openDraft(broken);
    await scoreWithDraft();
    const problems = validatePrompt(resolvePrompt(prompt, { inputTemplate: broken.inputTemplate })).map((i) => i.message);
    expect(problems.join(" ")).toContain("nope");
    expect(noticeText()).toBe(`Scoring refused: ${problems.join("; ")}`);
    expect(useStudio.getState().comparison).toBeNull();
    expect(server.log).toHaveLength(0);
  });

  it("no key for a hosted provider -> the needKey notice, in the language shown", async () => {
    useEndpoint({}, "");
    openDraft(draftA);
    await scoreWithDraft();
    expect(noticeText()).toBe("Trying an edited prompt needs an API key (the demo judge only knows the built-in prompts). Add one in Settings.");
    useApp.setState({ lang: "zh" });
    expect(noticeText()).toBe("试用编辑过的提示词需要 API 密钥（演示评审只认识内置提示词）。请在设置中添加。");
    expect(server.log).toHaveLength(0);
  });

  it("a sample the metric cannot score (no context) -> the missing-input notice", async () => {
    useEndpoint();
    useApp.getState().loadDraft({ ...sample, contexts: [] });
    openDraft(draftA);
    await scoreWithDraft();
    expect(noticeText()).toBe("Cannot score: Faithfulness needs at least one context.");
    expect(server.log).toHaveLength(0);
  });

  it("an endpoint the transport refuses -> 'Could not score' with its reason, and the studio is not left busy", async () => {
    useEndpoint({ baseURL: "ftp://example.com/v1" });
    openDraft(draftA);
    await scoreWithDraft();
    expect(noticeText()).toMatch(/^Could not score: .*http/);
    expect(useStudio.getState().busy).toBeNull();
  });
});
