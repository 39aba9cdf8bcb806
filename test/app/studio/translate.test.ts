import { describe, expect, it } from "vitest";
import { statementsPrompt, verdictsPrompt } from "../../../src/engine/metrics/faithfulness/prompts";
import { questionsPrompt } from "../../../src/engine/metrics/answer_relevancy/prompts";
import { type PromptDef, validatePrompt, resolvePrompt } from "../../../src/engine";
import {
  applyStrings,
  collectStrings,
  TRANSLATE_PROMPT_HASH,
  TRANSLATE_PROMPT_ID,
  translationMessages,
  translationSpec,
} from "../../../src/app/studio/logic/translate";
import { usefulnessPrompt } from "../../../src/engine/metrics/context_precision/prompts";
import { createJudge } from "../../../src/llm";
import { configFor, useMockServer } from "../../llm/helpers";

describe("translation of few-shot examples", () => {
  it("collects every text value (inputs and output strings) but no keys, numbers or flags", () => {
    const { strings, slots } = collectStrings(verdictsPrompt.examples);
    // The numbered statements go out as two pieces: "[1]", "[2]" and the line break stay home.
    expect(strings).toEqual([
      verdictsPrompt.examples[0]!.input.context,
      "The Nile empties into the Mediterranean Sea.",
      "The Nile is the longest river in the world.",
      "The context says it empties into the Mediterranean Sea.",
      "The context does not compare its length with other rivers.",
    ]);
    expect(slots[1]).toMatchObject({ example: 0, path: ["input", "statements"], translated: [2, 6] });
    expect(slots[2]).toMatchObject({ example: 0, path: ["output", "verdicts", 0, "reason"], parts: [strings[3]], translated: [0] });
  });

  it('skips strings without letters (a count such as "3")', () => {
    const { strings } = collectStrings(questionsPrompt.examples);
    expect(strings.some((s) => /^\d+$/.test(s))).toBe(false);
  });

  it("puts translations back in place: same shape, JSON keys in English, still a valid prompt", () => {
    const { strings, slots } = collectStrings(statementsPrompt.examples);
    const translated = strings.map((s) => `«${s}»`);
    const examples = applyStrings(statementsPrompt.examples, slots, translated);
    expect(Object.keys(examples[0]!.input)).toEqual(["question", "answer"]);
    expect(examples[0]!.input.question).toBe("«Who was Marie Curie?»");
    expect((examples[0]!.output as { statements: string[] }).statements[0]).toBe("«Marie Curie was a Polish-born physicist.»");
    expect(examples[2]!.output).toEqual({ statements: [] });
    expect(validatePrompt(resolvePrompt(statementsPrompt, { examples }))).toEqual([]);
    // The originals are untouched.
    expect(statementsPrompt.examples[0]!.input.question).toBe("Who was Marie Curie?");
    expect(() => applyStrings(statementsPrompt.examples, slots, translated.slice(1))).toThrow(/expected/);
  });

  it("markers and variables never leave: any reply the schema allows keeps them, spacing included", () => {
    const examples = [{ input: { statements: "[1] The Nile.\n[2] The Rhine.", greeting: "Hello {{name}}, welcome" }, output: {} }];
    const { strings, slots } = collectStrings(examples);
    expect(strings).toEqual(["The Nile.", "The Rhine.", "Hello", ", welcome"]);
    // Even a reply that drops every marker it was shown cannot lose one: the markers were never sent.
    const back = applyStrings(examples, slots, ["尼罗河。", "莱茵河。", " 你好 ", "，欢迎"]);
    expect(back[0]!.input).toEqual({ statements: "[1] 尼罗河。\n[2] 莱茵河。", greeting: "你好 {{name}}，欢迎" });
  });

  it("the reply schema states all it checks: exactly n non-empty strings (contract 8)", () => {
    const spec = translationSpec(["a", "b", "c"]);
    expect(spec.jsonSchema).toMatchObject({
      type: "object",
      required: ["translations"],
      additionalProperties: false,
      properties: { translations: { type: "array", minItems: 3, maxItems: 3, items: { type: "string", minLength: 1 } } },
    });
    expect(spec.schema.parse({ translations: ["甲", "乙", "丙"] })).toEqual(["甲", "乙", "丙"]);
    const fail = (translations: string[]) => {
      const r = spec.schema.safeParse({ translations });
      return r.success ? "ok" : r.error.issues[0]!.message;
    };
    expect(fail(["a", "b"])).toMatch(/exactly 3/);
    expect(fail(["a", "b", " "])).toMatch(/empty/);
    // A JSON-mode reply with the last string missing keeps the first two and asks for the third.
    expect(spec.salvage?.({ translations: ["甲", "乙"] })).toEqual({ value: ["甲", "乙", undefined], missing: [2] });
    // Spaces only meet minLength 1 (no schema without pattern can refuse them): a missing item, asked again.
    expect(spec.salvage?.({ translations: ["甲", "  ", "丙"] })).toEqual({ value: ["甲", undefined, "丙"], missing: [1] });
  });

  it("asks in one message pair, naming the language and the strings", () => {
    const messages = translationMessages("Chinese (Simplified)", ["a", "b"]);
    expect(messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(messages[1]!.content).toContain("Target language: Chinese (Simplified)");
    expect(messages[1]!.content).toContain('"a"');
  });

  describe("against a judge that follows only the schema", () => {
    const mock = useMockServer();

    it.each([1, 2, 3, 4, 5])("seed %i: one call, every example still valid for its metric, every marker in place", async (seed) => {
      mock.server.configure({ schemaRandom: { seed } });
      for (const prompt of [verdictsPrompt, statementsPrompt, usefulnessPrompt] as PromptDef[]) {
        const { strings, slots } = collectStrings(prompt.examples);
        const reply = await createJudge(configFor(mock.server)).complete({
          promptId: TRANSLATE_PROMPT_ID,
          promptHash: TRANSLATE_PROMPT_HASH,
          messages: translationMessages("Chinese (Simplified)", strings),
          output: translationSpec(strings),
        });
        expect(reply.calls).toHaveLength(1);
        expect(reply.value).toHaveLength(strings.length);
        const examples = applyStrings(prompt.examples, slots, reply.value);
        expect(validatePrompt(resolvePrompt(prompt, { examples }))).toEqual([]);
        const markers = (v: unknown) => JSON.stringify(v).match(/\[\d+\]/g) ?? [];
        expect(examples.map((e) => markers(e))).toEqual(prompt.examples.map((e) => markers(e)));
      }
    });
  });
});
