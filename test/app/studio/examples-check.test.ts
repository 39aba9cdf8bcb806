import { describe, expect, it } from "vitest";
import { verdictsPrompt } from "../../../src/engine/metrics/faithfulness/prompts";
import { checkExamplesText } from "../../../src/app/studio/logic/examples-check";
import { locateJson, spanOf } from "../../../src/app/studio/logic/json-locate";

const good = [
  {
    input: { context: "The Nile flows north.", statements: "[1] The Nile flows north." },
    output: { verdicts: [{ statement: 1, reason: "stated", verdict: 1 }] },
  },
];
const text = (value: unknown) => JSON.stringify(value, null, 2);
const slice = (t: string, i: { start: number; end: number }) => t.slice(i.start, i.end);

describe("locateJson", () => {
  it("parses like JSON.parse and knows where each value is", () => {
    const t = '{ "a": [1, {"b": "x\\"y"}], "c": null }';
    const r = locateJson(t);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual(JSON.parse(t));
    expect(slice(t, r.spans.get("a/1/b")!)).toBe('"x\\"y"');
    expect(slice(t, r.spans.get("a/1/b#key")!)).toBe('"b"');
    expect(slice(t, spanOf(r.spans, ["a", 1, "missing"])!)).toBe('{"b": "x\\"y"}');
  });

  it("reports a syntax error with its offset", () => {
    for (const [t, at] of [
      ["[1, 2", 5],
      ['{"a" 1}', 5],
      ["[1,]", 3],
      ['"line\nbreak"', 5],
      ["[] x", 3],
    ] as const) {
      const r = locateJson(t);
      expect(r.ok, t).toBe(false);
      if (!r.ok) expect(r.offset, t).toBe(at);
    }
  });

  it("is strict JSON: no comments or trailing commas, control characters pointed at, the last duplicate key wins like JSON.parse", () => {
    expect(locateJson("// note\n[1]")).toMatchObject({ ok: false, offset: 0, message: "comments are not allowed in JSON" });
    expect(locateJson('{"a": 1,}')).toMatchObject({ ok: false, offset: 8 });
    expect(locateJson('["ok", "a\tb"]')).toMatchObject({ ok: false, offset: 9, message: expect.stringMatching(/control character/) });
    const t = '{"a": 1, "a": [2]}';
    const r = locateJson(t);
    expect(r.ok && r.value).toEqual(JSON.parse(t));
    if (r.ok) expect(slice(t, r.spans.get("a")!)).toBe("[2]");
  });
});

describe("checkExamplesText", () => {
  it("accepts the built-in examples and returns them", () => {
    const r = checkExamplesText(text(verdictsPrompt.examples), verdictsPrompt);
    expect(r.issues).toEqual([]);
    expect(r.examples).toEqual(verdictsPrompt.examples);
  });

  it("underlines an output value the reply schema rejects, at that value", () => {
    const bad = structuredClone(good);
    bad[0]!.output.verdicts[0]!.verdict = 7;
    const t = text(bad);
    const r = checkExamplesText(t, verdictsPrompt);
    expect(r.examples).toBeUndefined();
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]!.message).toMatch(/^example 1: output\.verdicts\[0\]\.verdict: /);
    expect(slice(t, r.issues[0]!)).toBe("7");
  });

  it("a missing variable is an error at the input object; an unknown one a warning at its key", () => {
    const t = text([{ input: { context: "c", statment: "[1] s" }, output: { verdicts: [] } }]);
    const r = checkExamplesText(t, verdictsPrompt);
    const errors = r.issues.filter((i) => i.severity === "error");
    const warnings = r.issues.filter((i) => i.severity === "warning");
    expect(errors.map((i) => i.message)).toEqual(["example 1: input.statements is missing (the template uses {{statements}})"]);
    expect(slice(t, errors[0]!)).toMatch(/^\{[\s\S]*"statment"[\s\S]*\}$/);
    expect(warnings).toHaveLength(1);
    expect(slice(t, warnings[0]!)).toBe('"statment"');
  });

  it("a variable that is not text is an error at the value", () => {
    const t = text([{ input: { context: "c", statements: 3 }, output: { verdicts: [] } }]);
    const r = checkExamplesText(t, verdictsPrompt);
    expect(r.issues.map((i) => i.message)).toEqual(["example 1: input.statements must be text"]);
    expect(slice(t, r.issues[0]!)).toBe("3");
  });

  it("invalid JSON, a non-array and a missing output are errors", () => {
    expect(checkExamplesText("[{", verdictsPrompt).issues[0]!.message).toMatch(/^not valid JSON/);
    expect(checkExamplesText("{}", verdictsPrompt).issues[0]!.message).toMatch(/must be a JSON array/);
    expect(checkExamplesText(text([{ input: good[0]!.input }]), verdictsPrompt).issues[0]!.message).toBe('example 1: "output" is missing');
  });

  it("extra keys of an example are warned about and dropped, so the hash matches what a prompt set file keeps", () => {
    const t = text([{ ...good[0], note: "mine" }]);
    const r = checkExamplesText(t, verdictsPrompt);
    expect(r.issues.map((i) => i.severity)).toEqual(["warning"]);
    expect(r.examples).toEqual(good);
  });
});
