import { describe, expect, it } from "vitest";
import { arrayOf, FLAG, integerIn, object, STRING, TEXT } from "../../../src/engine/metrics/shared/schema";
import { schemaProblems } from "../../../src/engine/metrics/shared/schema-lint";

describe("reply schema lint (the subset every constrained decoder reads alike)", () => {
  it("passes the building blocks: strict objects, exact counts, flags, enums, minLength 1", () => {
    const schema = object({ items: arrayOf(object({ text: TEXT, reason: STRING, flag: FLAG, n: integerIn(1, 4) }), { exactly: 3 }) }, "t");
    expect(schemaProblems(schema)).toEqual([]);
  });

  it("names pattern, minimum, maximum and format with where they are", () => {
    const schema = object({
      text: { type: "string", pattern: "\\S" },
      n: { type: "integer", minimum: 1, maximum: 5 },
      when: { type: "string", format: "date" },
    });
    const found = schemaProblems(schema).map((p) => [p.keyword, p.path]);
    expect(found).toEqual([
      ["pattern", "/properties/text"],
      ["minimum", "/properties/n"],
      ["maximum", "/properties/n"],
      ["format", "/properties/when"],
    ]);
    expect(schemaProblems(schema)[0]!.message).toMatch(/whole string/);
  });

  it("flags objects that are not strict and unknown keywords, at any depth", () => {
    const loose = { type: "object", properties: { a: STRING, b: STRING }, required: ["a"] };
    expect(schemaProblems(arrayOf(loose)).map((p) => p.keyword)).toEqual(["additionalProperties", "required"]);
    expect(schemaProblems({ type: "array", items: STRING, uniqueItems: true }).map((p) => p.keyword)).toEqual(["uniqueItems"]);
    expect(schemaProblems({ type: "string", minLength: 3 }).map((p) => p.keyword)).toEqual(["minLength"]);
  });

  it("integerIn is an enum of its members, and refuses empty or huge ranges", () => {
    expect(integerIn(0, 3)).toEqual({ type: "integer", enum: [0, 1, 2, 3] });
    expect(() => integerIn(3, 2)).toThrow(/no integers/);
    expect(() => integerIn(0, 10_000)).toThrow(/more than/);
  });
});
