import { describe, expect, test } from "vitest";
import { gradesToText, parseGradesText } from "../../../src/app/shared/grades-text";

describe("the playground's relevance grades", () => {
  test("id: grade entries, one per line or comma-separated; the id is what comes before the last : or =", () => {
    expect(parseGradesText("d1: 3, d2 = 1.5\n  \nurn:doc:9: 2e0\nd4:.5")).toEqual({ ok: true, grades: { d1: 3, d2: 1.5, "urn:doc:9": 2, d4: 0.5 } });
    expect(parseGradesText("")).toEqual({ ok: true, grades: {} });
    expect(parseGradesText(undefined)).toEqual({ ok: true, grades: {} });
  });

  test("a JSON object is read as it is, grades checked as a dataset's grades column is", () => {
    expect(parseGradesText(' {"a": 2, "b": 0} ')).toEqual({ ok: true, grades: { a: 2, b: 0 } });
    expect(parseGradesText('{"a": 2, "b": -1}')).toEqual({ ok: false, problem: { kind: "json", key: "b" } });
    expect(parseGradesText('{"a": "2"}')).toEqual({ ok: false, problem: { kind: "json", key: "a" } });
    expect(parseGradesText("{a: 2}")).toEqual({ ok: false, problem: { kind: "json", key: null } });
  });

  test("each problem names its entry, counted as typed (blank entries skipped)", () => {
    expect(parseGradesText("d1 2")).toEqual({ ok: false, problem: { kind: "shape", entry: 1, text: "d1 2" } });
    expect(parseGradesText("d1: 1\n\n: 4")).toEqual({ ok: false, problem: { kind: "shape", entry: 2, text: ": 4" } });
    expect(parseGradesText("d1: 1, d2: -1")).toEqual({ ok: false, problem: { kind: "grade", entry: 2, id: "d2", text: "-1" } });
    expect(parseGradesText("d1: Infinity")).toEqual({ ok: false, problem: { kind: "grade", entry: 1, id: "d1", text: "Infinity" } });
    expect(parseGradesText("d1: 0x10")).toEqual({ ok: false, problem: { kind: "grade", entry: 1, id: "d1", text: "0x10" } });
    expect(parseGradesText("d1:")).toEqual({ ok: false, problem: { kind: "grade", entry: 1, id: "d1", text: "" } });
    expect(parseGradesText("d1: 1\nd1: 2")).toEqual({ ok: false, problem: { kind: "duplicate", entry: 2, id: "d1" } });
  });

  test("the text a sample's grades are shown as parses back to the same grades", () => {
    const grades = { d1: 3, "doc:7": 0.25, d0: 0 };
    expect(gradesToText(grades)).toBe("d1: 3\ndoc:7: 0.25\nd0: 0");
    expect(parseGradesText(gradesToText(grades))).toEqual({ ok: true, grades });
    expect(gradesToText(undefined)).toBe("");
  });
});
