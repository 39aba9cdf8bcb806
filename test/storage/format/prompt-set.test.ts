import { describe, expect, it } from "vitest";
import { customJudgeSchema } from "../../../src/engine/metrics/custom";
import { buildPromptSet, parsePromptSet, PROMPT_SET_FORMAT } from "../../../src/storage/format/prompt-set";

const doc = (prompts: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ format: PROMPT_SET_FORMAT, version: 1, prompts, ...extra });

describe("prompt set files", () => {
  it("reads overrides for known prompts", () => {
    const result = parsePromptSet(doc({ "faithfulness.statements": { instruction: "Split the answer into claims.", versionName: "terse" } }), "p.json");
    expect(result).toEqual({
      ok: true,
      overrides: { "faithfulness.statements": { instruction: "Split the answer into claims.", versionName: "terse" } },
      judges: [],
    });
  });

  it("round-trips what buildPromptSet exports", () => {
    const overrides = { "context_recall.statements": { instruction: "Check each statement." } };
    const exported = JSON.stringify(buildPromptSet(overrides));
    expect(parsePromptSet(exported, "p.json")).toEqual({ ok: true, overrides, judges: [] });
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
    expect(parsePromptSet(doc({}, { version: 3 }), "p.json")).toMatchObject({ ok: false, message: expect.stringContaining("newer") });
    expect(parsePromptSet("nope", "p.json")).toMatchObject({ ok: false, message: expect.stringContaining("not valid JSON") });
  });

  describe("custom judges (version 2)", () => {
    const politeness = {
      slug: "politeness",
      name: "Politeness",
      definition: "The answer is courteous and respectful to the user.",
      inputs: ["question", "answer"],
      scale: "binary",
      strictness: 3,
    };
    const depth = {
      slug: "depth",
      name: "Depth",
      definition: "How thoroughly the answer explains.",
      inputs: ["answer"],
      scale: "rubric",
      levels: ["no explanation", "a hint", "some explanation", "a clear explanation", "a thorough explanation"],
    };

    it("round-trips judges with the prompt edits, filling defaults (version 1, strictness 1)", () => {
      const parsed = parsePromptSet(JSON.stringify(buildPromptSet({}, [customJudgeSchema.parse(politeness), customJudgeSchema.parse(depth)])), "p.json");
      expect(parsed).toEqual({
        ok: true,
        overrides: {},
        judges: [
          { ...politeness, version: 1 },
          { ...depth, strictness: 1, version: 1 },
        ],
      });
    });

    it("names what is wrong with a judge: a rubric without levels, a bad slug, an unknown input, a slug twice", () => {
      const bad = (judges: unknown[]) => parsePromptSet(doc({}, { version: 2, judges }), "p.json");
      expect(bad([{ ...depth, levels: undefined }])).toEqual({
        ok: false,
        message: "p.json: judges[0].levels: a rubric judge needs a description for each level 1 to 5",
      });
      expect(bad([{ ...politeness, slug: "Polite Ness" }])).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^p\.json: judges\[0\]\.slug: a slug is lower-case/),
      });
      expect(bad([{ ...politeness, inputs: ["answer", "tone"] }])).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^p\.json: judges\[0\]\.inputs\[1\]/),
      });
      expect(bad([{ ...politeness, strictness: 10 }])).toMatchObject({ ok: false, message: expect.stringMatching(/judges\[0\]\.strictness/) });
      expect(bad([politeness, { ...depth, slug: "politeness" }])).toEqual({
        ok: false,
        message: "p.json: judges[1].slug: a second judge is named custom:politeness; slugs must be unique",
      });
    });

    // A judge's words become its instruction, where a {{variable}} is refused: every sample came out
    // invalid_prompt (exit 0). The file is refused when it is read instead, naming the judge and the variable.
    it("refuses a judge whose definition, name or rubric level holds a {{variable}}, naming the judge and the variable", () => {
      const bad = (judges: unknown[]) => parsePromptSet(doc({}, { version: 2, judges }), "p.json");
      expect(bad([{ ...politeness, definition: "The answer to {{question}} is polite." }])).toEqual({
        ok: false,
        message:
          'p.json: judges[0].definition: judge "Politeness" (custom:politeness): {{question}} is a template variable, and a judge\'s own words cannot hold one (the inputs it sees are added to its prompt on their own); remove the braces',
      });
      const levels = [...depth.levels];
      levels[2] = "explains {{ answer }} somewhat";
      expect(bad([politeness, { ...depth, levels }])).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^p\.json: judges\[1\]\.levels\[2\]: judge "Depth" \(custom:depth\): \{\{answer\}\} is a template variable/),
      });
      expect(bad([{ ...politeness, name: "Polite {{tone}}" }])).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^p\.json: judges\[0\]\.name: judge "Polite \{\{tone\}\}" \(custom:politeness\): \{\{tone\}\} is a template variable/),
      });
      // Braces that are not a variable are the user's text, as the judge's prompt keeps them.
      expect(bad([{ ...politeness, definition: 'Polite; JSON like {"a": {}} is fine, and so is {{ }}.' }])).toMatchObject({ ok: true });
    });
  });

  it("refuses an edited instruction longer than the cap, saying how long it is and the most allowed", () => {
    const result = parsePromptSet(doc({ "faithfulness.statements": { instruction: "Split the answer into claims. ".repeat(300) } }), "p.json");
    expect(result).toEqual({
      ok: false,
      message: 'p.json: prompts["faithfulness.statements"].instruction: the instruction is 9,000 characters long; the most is 8,000: shorten it',
    });
    expect(parsePromptSet(doc({ "faithfulness.statements": { instruction: "x".repeat(8000) } }), "p.json")).toMatchObject({ ok: true });
  });
});
