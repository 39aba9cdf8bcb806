import { describe, expect, it } from "vitest";
import { extractJson, fitToSchema } from "../../src/llm";
import { balancedEnd, dropTrailingCommas, escapeControlChars } from "../../src/llm/extract";
import { describeIssues } from "../../src/llm/validate";

describe("tolerant JSON extraction", () => {
  it("parses plain JSON", () => {
    expect(extractJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it("takes the content of a ```json fence", () => {
    expect(extractJson('Here you go:\n```json\n{"a": [1, 2]}\n```\nDone.')).toEqual({ ok: true, value: { a: [1, 2] } });
  });

  it("finds the first balanced object in prose, respecting braces and escapes inside strings", () => {
    const reply = 'The answer is {"text": "a } tricky \\" {string", "n": 2} and that is all {x}';
    expect(extractJson(reply)).toEqual({ ok: true, value: { text: 'a } tricky " {string', n: 2 } });
  });

  it("prefers an object over an earlier array in prose when the schema wants an object", () => {
    expect(extractJson('See [1] and [2]. {"items": []}', "object")).toEqual({ ok: true, value: { items: [] } });
  });

  it("drops trailing commas but not commas inside strings", () => {
    expect(extractJson('{"a": [1, 2,], "b": "x,]",}')).toEqual({ ok: true, value: { a: [1, 2], b: "x,]" } });
    expect(dropTrailingCommas('{"a": "1,}" , }')).toBe('{"a": "1,}"  }');
  });

  it("never returns a fragment nested inside truncated JSON", () => {
    expect(extractJson('{"items": [{"text": "a", "verdict": 1},')).toEqual({ ok: false, reason: "the reply ends before its JSON is complete" });
  });

  it("steps over a stray brace in prose", () => {
    expect(extractJson('Use { to open an object: {"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it("skips <think> blocks of reasoning models", () => {
    expect(extractJson('<think>maybe {"wrong": true}</think>\n{"right": true}')).toEqual({ ok: true, value: { right: true } });
  });

  it("unwraps a double-encoded JSON string", () => {
    expect(extractJson(JSON.stringify('{"a":1}'))).toEqual({ ok: true, value: { a: 1 } });
  });

  it("explains why nothing could be extracted", () => {
    expect(extractJson("")).toEqual({ ok: false, reason: "the reply is empty" });
    expect(extractJson("no json here")).toEqual({ ok: false, reason: "the reply contains no JSON object" });
    expect(extractJson('{"items": [{"text": "cut')).toEqual({ ok: false, reason: "the reply ends before its JSON is complete" });
    const bad = extractJson("{'a': 1}");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.reason).toMatch(/^the JSON in the reply is not valid/);
  });

  it("balancedEnd rejects mismatched nesting", () => {
    expect(balancedEnd('{"a": [1}', 0)).toBe(-2);
    expect(balancedEnd('{"a": [1]', 0)).toBe(-1);
    expect(balancedEnd('x{"a": [1]}y', 1)).toBe(11);
  });

  it("wraps a bare array only for an object schema with exactly one array field", () => {
    const one = { type: "object", properties: { items: { type: "array" } } };
    const two = { type: "object", properties: { items: { type: "array" }, note: { type: "string" } } };
    expect(fitToSchema([1], one)).toEqual({ items: [1] });
    expect(fitToSchema([1], two)).toEqual([1]);
    expect(fitToSchema({ items: [1] }, one)).toEqual({ items: [1] });
  });

  it("describes validation issues with paths", () => {
    expect(
      describeIssues([
        { path: ["items", 0, "verdict"], message: "Invalid input" },
        { path: [], message: "bad" },
      ]),
    ).toBe("at items[0].verdict: Invalid input; at the top level: bad");
  });
});

describe("raw control characters inside strings (xgrammar 0.1.27 lets minLength strings hold them)", () => {
  it("reads a reply with a raw tab inside a string, and leaves escapes and structure alone", () => {
    const reply = '{"questions": [{"question": "Where\tis it?", "note": "a \\"quoted\\" word\\n"}],\n\t"n": 1}';
    expect(extractJson(reply)).toEqual({ ok: true, value: { questions: [{ question: "Where\tis it?", note: 'a "quoted" word\n' }], n: 1 } });
    expect(escapeControlChars('{"a":"x\ty"}\t')).toBe('{"a":"x\\u0009y"}\t');
  });
});
