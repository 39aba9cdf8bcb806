import { describe, expect, it } from "vitest";
import { buildPromptSet, parsePromptSet, PROMPT_SET_FORMAT } from "../../../src/storage/format/prompt-set";

const doc = (prompts: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ format: PROMPT_SET_FORMAT, version: 1, prompts, ...extra });

describe("prompt set files", () => {
  it("reads overrides for known prompts", () => {
    const result = parsePromptSet(doc({ "faithfulness.statements": { instruction: "Split the answer into claims.", versionName: "terse" } }), "p.json");
    expect(result).toEqual({ ok: true, overrides: { "faithfulness.statements": { instruction: "Split the answer into claims.", versionName: "terse" } } });
  });

  it("round-trips what buildPromptSet exports", () => {
    const overrides = { "context_recall.statements": { instruction: "Check each statement." } };
    const exported = JSON.stringify(buildPromptSet(overrides));
    expect(parsePromptSet(exported, "p.json")).toEqual({ ok: true, overrides });
  });

  it("refuses unknown prompt ids, listing the known ones", () => {
    const result = parsePromptSet(doc({ "faithfulness.statement": { instruction: "x" } }), "p.json");
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(/^p\.json: prompts\["faithfulness\.statement"\]: unknown prompt id; known: .*faithfulness\.statements/);
    }
  });

  it("refuses a prompt that fails validation, naming the part", () => {
    const result = parsePromptSet(doc({ "faithfulness.statements": { inputTemplate: "Question: {{question}}" } }), "p.json");
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/^p\.json: prompts\["faithfulness\.statements"\]\.inputTemplate: .*\{\{answer\}\}/) });
  });

  it("refuses unknown fields, a wrong format and a newer version", () => {
    expect(parsePromptSet(doc({ "faithfulness.statements": { instructions: "typo" } }), "p.json")).toMatchObject({ ok: false });
    expect(parsePromptSet("{}", "p.json")).toEqual({ ok: false, message: 'p.json: not a prompt set (expected "format": "ragas-playground/prompts")' });
    expect(parsePromptSet(doc({}, { version: 2 }), "p.json")).toMatchObject({ ok: false, message: expect.stringContaining("newer") });
    expect(parsePromptSet("nope", "p.json")).toMatchObject({ ok: false, message: expect.stringContaining("not valid JSON") });
  });
});
