import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../../src/app/shared/settings-model/model";
import { useApp } from "../../../src/app/shared/store";
import { draftOf, examplesToText, type PromptDraft } from "../../../src/app/studio/logic/draft";
import { applyStrings, collectStrings } from "../../../src/app/studio/logic/translate";
import { studioT } from "../../../src/app/studio/messages";
import { translateExamples } from "../../../src/app/studio/state/translate-run";
import { promptById, useStudio } from "../../../src/app/studio/state/store";
import { answered } from "../../mock/request-log";
import { startMockServer, type MockServer } from "../../mock/server";
import { API_KEY } from "../../llm/helpers";

/** The translation call driven through translateExamples against the mock judge over real HTTP. */

const PROMPT_ID = "faithfulness.statements";
const prompt = promptById(PROMPT_ID);
const PRICE = { model: "mock-judge", input: 2, output: 5 };

/** A "translation" the test can recognise: each string tagged with the language asked for. */
const tagged = (language: string, s: string) => `[${language}] ${s}`;

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({
    apiKey: API_KEY,
    responders: {
      translated_strings: ({ user }) => {
        const language = /Target language: (.*)/.exec(user)![1]!;
        const strings = JSON.parse(/Strings \(\d+\):\n([\s\S]*)$/.exec(user)![1]!) as string[];
        return { translations: strings.map((s) => tagged(language, s)) };
      },
    },
  });
});
afterAll(async () => {
  await server.close();
});

function setup(draft: PromptDraft = draftOf(prompt), apiKey = API_KEY): void {
  useApp.setState({
    lang: "en",
    apiKey,
    bypassCache: true,
    settings: { ...DEFAULT_SETTINGS, provider: "openai", baseURL: server.url, model: "mock-judge", embeddingModel: "", maxRetries: 0, prices: [PRICE] },
  });
  useApp.getState().loadDraft({ question: "Where does the Nile end?", answer: "In the sea.", contexts: ["The Nile ends in the sea."] });
  useStudio.setState({ selectedId: PROMPT_ID, drafts: { [PROMPT_ID]: draft }, field: "instruction", notice: null, translation: null, busy: null });
}

const noticeText = () => useStudio.getState().notice?.text(studioT());
const chats = () => answered(server.log).filter((r) => r.kind === "chat");

beforeEach(() => {
  server.resetLog();
});

describe("translating a prompt's few-shot examples", () => {
  it("opens the judge's translation for review, in one call, with that call's tokens and cost; the draft is untouched", async () => {
    const draft = draftOf(prompt);
    setup(draft);
    await translateExamples("  French ");

    const requests = chats();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.schemaName).toBe("translated_strings");
    const { strings, slots } = collectStrings(prompt.examples);
    const review = useStudio.getState().translation!;
    expect(review.language).toBe("French");
    expect(review.promptId).toBe(PROMPT_ID);
    expect(review.before).toBe(draft.examplesText);
    expect(review.after).toBe(
      examplesToText(
        applyStrings(
          prompt.examples,
          slots,
          strings.map((s) => tagged("French", s)),
        ),
      ),
    );
    expect(review.after).toContain(JSON.stringify(tagged("French", prompt.examples[0]!.input.question!)));
    expect(review.tokens).toBe(requests[0]!.promptTokens + requests[0]!.completionTokens);
    expect(review.usd).toBeCloseTo((requests[0]!.promptTokens * PRICE.input + requests[0]!.completionTokens * PRICE.output) / 1e6, 12);
    expect(useStudio.getState().field).toBe("examplesText");
    expect(useStudio.getState().drafts[PROMPT_ID]).toEqual(draft);
    expect(useStudio.getState().busy).toBeNull();
  });

  it("examples that are not valid JSON are refused before any call", async () => {
    setup({ ...draftOf(prompt), examplesText: '[{"input": ' });
    await translateExamples("French");
    expect(noticeText()).toBe("Fix the examples' JSON first.");
    expect(server.log).toHaveLength(0);
  });

  it("examples with no text to translate are refused before any call", async () => {
    setup({ ...draftOf(prompt), examplesText: "[]" });
    await translateExamples("French");
    expect(noticeText()).toBe("These examples have no text to translate.");
    expect(server.log).toHaveLength(0);
  });

  it("no key -> the needKey notice (the demo judge cannot translate)", async () => {
    setup(draftOf(prompt), "");
    await translateExamples("French");
    expect(noticeText()).toBe("Trying an edited prompt needs an API key (the demo judge only knows the built-in prompts). Add one in Settings.");
    expect(server.log).toHaveLength(0);
  });

  it("a blank language does nothing", async () => {
    setup();
    await translateExamples("   ");
    expect(useStudio.getState().notice).toBeNull();
    expect(server.log).toHaveLength(0);
  });

  it("a judge error is reported as a failed translation and nothing opens for review", async () => {
    setup();
    server.enqueue({ status: 400, body: { error: { message: "model does not exist", type: "invalid_request_error", code: null } } });
    await translateExamples("French");
    expect(noticeText()).toMatch(/^The translation failed: .*model does not exist/);
    expect(useStudio.getState().translation).toBeNull();
    expect(useStudio.getState().busy).toBeNull();
  });
});
