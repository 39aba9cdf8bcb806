import { describe, expect, it } from "vitest";
import { detectKind } from "../../../src/storage/format/file-kind";
import { parseListCell } from "../../../src/storage/format/list-cell";
import { formatIssue, parseSamplesFile, readSamplesFile, SamplesFileError } from "../../../src/storage/format/samples-file";

const messages = (text: string, file: string) => parseSamplesFile(text, file).errors.map(formatIssue);

describe("samples files: JSON", () => {
  it("reads an array of records with our names and ragas names", () => {
    const text = JSON.stringify([
      { id: "a", question: "Q1", answer: "A1", contexts: ["c1", "c2"], reference: "R1" },
      { user_input: "Q2", response: "A2", retrieved_contexts: ["c3"], ground_truth: "R2" },
      { question: "Q3", answer: "A3", contexts: "one context", ground_truths: ["x", "y"] },
    ]);
    const { samples } = readSamplesFile(text, "data.json");
    expect(samples).toEqual([
      { id: "a", question: "Q1", answer: "A1", contexts: ["c1", "c2"], reference: "R1" },
      { id: "row-2", question: "Q2", answer: "A2", contexts: ["c3"], reference: "R2" },
      { id: "row-3", question: "Q3", answer: "A3", contexts: ["one context"], reference: "x\ny" },
    ]);
  });

  it("reads { samples: [...] } and ragas' column tables", () => {
    expect(readSamplesFile(JSON.stringify({ samples: [{ question: "q", answer: "a", contexts: [] }] }), "d.json").samples).toHaveLength(1);
    const columns = { user_input: ["q1", "q2"], response: ["a1", "a2"], retrieved_contexts: [["c"], ["d"]] };
    expect(readSamplesFile(JSON.stringify(columns), "d.json").samples.map((s) => s.question)).toEqual(["q1", "q2"]);
  });

  it("names the file, the row and the field of each problem", () => {
    const text = JSON.stringify([{ question: "q", answer: "a" }, { question: "q", contexts: ["c"] }, { question: "q", answer: "a", contexts: [1] }, "text"]);
    expect(messages(text, "/tmp/data.json")).toEqual([
      expect.stringMatching(/^data\.json row 2, field "answer": missing/),
      expect.stringMatching(/^data\.json row 3, field "contexts(\.0)?": /),
      "data.json row 4: expected an object with question, answer and contexts",
    ]);
  });

  it("refuses a duplicate id, naming both rows (a run journal keys results by id)", () => {
    const text = JSON.stringify([
      { id: "x", question: "q", answer: "a" },
      { id: "x", question: "q", answer: "a" },
      { question: "q", answer: "a" },
    ]);
    const parsed = parseSamplesFile(text, "d.json");
    expect(parsed.samples).toEqual([]);
    expect(parsed.errors.map(formatIssue)).toEqual(['d.json row 2, field "id": id "x" is already used by row 1']);
    expect(parsed.valid.samples.map((s) => s.id)).toEqual(["x", "row-3"]);
    expect(parsed.valid.leftOut).toBe(1);
  });

  it("says so when the JSON does not parse or holds no samples", () => {
    expect(messages("{oops", "d.json")[0]).toMatch(/^d\.json \(line 1\): not valid JSON/);
    expect(messages("[]", "d.json")).toEqual(["d.json: no samples found (expected records with question, answer and contexts)"]);
  });
});

describe("samples files: JSON Lines", () => {
  it("uses the line number as the row and skips blank lines", () => {
    const text = '{"question":"q1","answer":"a1","contexts":["c"]}\n\n{"question":"q2"}\n{broken\n';
    const parsed = parseSamplesFile(text, "d.jsonl");
    expect(parsed.samples).toEqual([]);
    expect(parsed.valid).toEqual({ samples: [{ id: "row-1", question: "q1", answer: "a1", contexts: ["c"] }], leftOut: 2 });
    expect(parsed.errors.map(formatIssue)).toEqual([
      expect.stringMatching(/^d\.jsonl row 3, field "answer": missing/),
      expect.stringMatching(/^d\.jsonl row 4: not valid JSON/),
    ]);
  });
});

describe("samples files: CSV", () => {
  it("reads a header row, JSON-list and plain-text context cells, and multi-line cells", () => {
    const text = 'Question,answer,retrieved_contexts,reference,notes\nq1,a1,"[""c1"", ""c2""]",r1,x\nq2,"a2\nmore",just one context,,y\n';
    const parsed = parseSamplesFile(text, "data.csv");
    expect(parsed.errors).toEqual([]);
    expect(parsed.samples).toEqual([
      { id: "row-2", question: "q1", answer: "a1", contexts: ["c1", "c2"], reference: "r1" },
      { id: "row-3", question: "q2", answer: "a2\nmore", contexts: ["just one context"] },
    ]);
    expect(parsed.warnings.map(formatIssue)).toEqual(['data.csv row 1: ignored column "notes"']);
  });

  it("names the file, row and field when a contexts cell is a broken JSON list", () => {
    const text = 'question,answer,contexts\nq1,a1,"[""ok""]"\nq2,a2,"[""unclosed"", "\n';
    expect(messages(text, "data.csv")).toEqual(['data.csv row 3, field "contexts": looks like a list but is not one: the list is never closed with ]']);
  });

  it("gives the text line too when multi-line cells shift rows from lines", () => {
    const text = 'question,answer,contexts\nq1,"a\nb\nc",c\nq2,,"[""a"", 2]"\nq3\n';
    const errs = messages(text, "data.csv");
    expect(errs).toContain('data.csv row 3 (line 5), field "contexts": item 2 of the list is a number, expected text');
    expect(errs).toContain('data.csv row 4 (line 6), field "answer": missing (also looked for response)');
  });

  it("refuses rows with more cells than the header and broken quoting", () => {
    expect(messages("question,answer\nq,a,extra\n", "d.csv")[0]).toMatch(/^d\.csv row 2: 3 cells, but the header names 2 columns/);
    expect(messages('question,answer\nq,"open\n', "d.csv")[0]).toMatch(
      /^d\.csv row 2, field "answer": a quoted cell in the row starting on line 2 is never closed/,
    );
  });

  it("treats a bracketed citation as text, not as a list", () => {
    expect(parseListCell("[1] Smith et al.")).toEqual({ ok: true, items: ["[1] Smith et al."], as: "single" });
    expect(parseListCell('["a","b"]')).toEqual({ ok: true, items: ["a", "b"], as: "json" });
    expect(parseListCell("[]")).toEqual({ ok: true, items: [], as: "json" });
    expect(parseListCell('["a", 2]')).toEqual({ ok: false, message: "item 2 of the list is a number, expected text" });
  });
});

describe("kind detection", () => {
  it("goes by extension, then by content", () => {
    expect(detectKind("x.csv", "[")).toBe("csv");
    expect(detectKind("x.ndjson", "")).toBe("jsonl");
    expect(detectKind("x.txt", '[{"a":1}]')).toBe("json");
    expect(detectKind("x", '{"a":1}\n{"a":2}')).toBe("jsonl");
    expect(detectKind("x", '{"samples": []}')).toBe("json");
    expect(detectKind("x", "question,answer\n")).toBe("csv");
  });

  it("throws one SamplesFileError whose message counts the rest", () => {
    const text = JSON.stringify([{ id: 1 }, { id: 2 }]);
    try {
      readSamplesFile(text, "d.json");
      expect.fail("should throw");
    } catch (error) {
      expect(error).toBeInstanceOf(SamplesFileError);
      expect((error as Error).message).toMatch(
        /^d\.json, field "question": no column for it \(looked for question, user_input\); the file has "id" \(and 1 more problem\)$/,
      );
    }
  });
});
