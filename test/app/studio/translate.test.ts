import { describe, expect, it } from "vitest";
import { statementsPrompt, verdictsPrompt } from "../../../src/engine/metrics/faithfulness/prompts";
import { questionsPrompt } from "../../../src/engine/metrics/answer_relevancy/prompts";
import { validatePrompt, resolvePrompt } from "../../../src/engine";
import { applyStrings, collectStrings, translationMessages, translationSpec } from "../../../src/app/studio/logic/translate";

describe("translation of few-shot examples", () => {
  it("collects every text value (inputs and output strings) but no keys, numbers or flags", () => {
    const { strings, slots } = collectStrings(verdictsPrompt.examples);
    expect(strings).toEqual([
      verdictsPrompt.examples[0]!.input.context,
      verdictsPrompt.examples[0]!.input.statements,
      "The context says it empties into the Mediterranean Sea.",
      "The context does not compare its length with other rivers.",
    ]);
    expect(slots[2]).toEqual({ example: 0, path: ["output", "verdicts", 0, "reason"] });
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

  it("the reply schema wants exactly one non-empty string per input, markers and variables kept", () => {
    const originals = ["[1] The Nile.\n[2] The Rhine.", "Hello {{name}}", "Plain"];
    const spec = translationSpec(originals);
    expect(spec.schema.safeParse({ translations: ["[1] 尼罗河。\n[2] 莱茵河。", "你好 {{name}}", "朴素"] }).success).toBe(true);
    const fail = (translations: string[]) => {
      const r = spec.schema.safeParse({ translations });
      return r.success ? "ok" : r.error.issues[0]!.message;
    };
    expect(fail(["a", "b"])).toMatch(/exactly 3 strings/);
    expect(fail(["尼罗河。", "你好 {{name}}", "x"])).toMatch(/numbering markers/);
    expect(fail(["[1] a [2] b", "你好", "x"])).toMatch(/variables/);
    expect(fail(["[1] a [2] b", "你好 {{name}}", " "])).toMatch(/empty/);
    expect(spec.jsonSchema).toMatchObject({ type: "object", required: ["translations"], additionalProperties: false });
  });

  it("asks in one message pair, naming the language and the strings", () => {
    const messages = translationMessages("Chinese (Simplified)", ["a", "b"]);
    expect(messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(messages[1]!.content).toContain("Target language: Chinese (Simplified)");
    expect(messages[1]!.content).toContain('"a"');
  });
});
