import { describe, expect, it } from "vitest";
import { BUILT_IN_EXAMPLES, builtInExamples, matchBuiltInExample } from "../../src/demo";

describe("matchBuiltInExample", () => {
  const example = BUILT_IN_EXAMPLES[0]!;

  it("recognises an untouched example, whatever its id", () => {
    expect(matchBuiltInExample({ ...example.sample })?.id).toBe(example.id);
  });

  it("does not recognise an edited one", () => {
    expect(matchBuiltInExample({ ...example.sample, answer: `${example.sample.answer} ` })).toBeUndefined();
    expect(matchBuiltInExample({ ...example.sample, contexts: example.sample.contexts.slice(1) })).toBeUndefined();
    expect(matchBuiltInExample({ ...example.sample, reference: undefined })).toBeUndefined();
  });

  it("filters by language", () => {
    expect(builtInExamples("zh").every((e) => e.language === "zh")).toBe(true);
    expect(builtInExamples()).toHaveLength(BUILT_IN_EXAMPLES.length);
  });
});
