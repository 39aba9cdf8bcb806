import { describe, expect, it } from "vitest";
import { validatePrompt } from "../../../src/engine";
import { testsetPrompts } from "../../../src/engine/testset";

describe("test-set generation prompts", () => {
  const prompts = testsetPrompts();
  it("are the seven generation prompts and the two statement steps the gate reuses, each once", () => {
    expect(prompts.map((p) => p.id)).toEqual([
      "testset.extract",
      "testset.summary",
      "testset.personas",
      "testset.single_hop",
      "testset.multi_hop",
      "testset.quick",
      "testset.closed_book",
      "faithfulness.statements",
      "faithfulness.verdicts",
    ]);
  });
  it.each(prompts.filter((p) => p.id.startsWith("testset.")).map((p) => [p.id, p] as const))(
    "%s is valid, names its language as an input, and has English and Chinese worked examples",
    (_id, p) => {
      expect(validatePrompt(p)).toEqual([]);
      expect(p.variables).toContain("language");
      expect(p.instruction).toMatch(/language named in the input/);
      const examples = p.examples.map((e) => JSON.stringify(e));
      expect(examples.some((e) => /[\u4e00-\u9fff]/u.test(e))).toBe(true);
      expect(examples.some((e) => !/[\u4e00-\u9fff]/u.test(e))).toBe(true);
      expect(p.output.jsonSchema).toMatchObject({ title: p.output.name, additionalProperties: false });
    },
  );
});
