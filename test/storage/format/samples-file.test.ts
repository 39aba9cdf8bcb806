import { describe, expect, it } from "vitest";
import { detectKind } from "../../../src/storage/format/file-kind";
import { parseListCell } from "../../../src/storage/format/list-cell";
import { formatIssue, readSamples, requireSamples, SamplesFileError } from "../../../src/storage/format/samples-file";

/** The whole pipeline (read -> map -> validate) on a file given as text. */
const parse = (text: string, name: string) => readSamples({ name, bytes: new TextEncoder().encode(text) });
const samplesOf = async (text: string, name: string) => requireSamples(await parse(text, name)).samples;
const messages = async (text: string, file: string) => (await parse(text, file)).errors.map(formatIssue);

describe("samples files: JSON", () => {
  it("reads an array of records with our names and ragas names", async () => {
    const text = JSON.stringify([
      { id: "a", question: "Q1", answer: "A1", contexts: ["c1", "c2"], reference: "R1" },
      { user_input: "Q2", response: "A2", retrieved_contexts: ["c3"], ground_truth: "R2" },
      { question: "Q3", answer: "A3", contexts: "one context", ground_truths: ["x", "y"] },
    ]);
    const samples = await samplesOf(text, "data.json");
    expect(samples).toEqual([
      { id: "a", question: "Q1", answer: "A1", contexts: ["c1", "c2"], reference: "R1" },
      { id: "row-2", question: "Q2", answer: "A2", contexts: ["c3"], reference: "R2" },
      { id: "row-3", question: "Q3", answer: "A3", contexts: ["one context"], reference: "x\ny" },
    ]);
  });

  it("reads { samples: [...] } and ragas' column tables", async () => {
    expect(await samplesOf(JSON.stringify({ samples: [{ question: "q", answer: "a", contexts: [] }] }), "d.json")).toHaveLength(1);
    const columns = { user_input: ["q1", "q2"], response: ["a1", "a2"], retrieved_contexts: [["c"], ["d"]] };
    expect((await samplesOf(JSON.stringify(columns), "d.json")).map((s) => s.question)).toEqual(["q1", "q2"]);
  });

  it("names the file, the row and the field of each problem", async () => {
    const text = JSON.stringify([{ question: "q", answer: "a" }, { question: "q", contexts: ["c"] }, { question: "q", answer: "a", contexts: [1] }, "text"]);
    expect(await messages(text, "/tmp/data.json")).toEqual([
      expect.stringMatching(/^data\.json row 2, field "answer": missing/),
      expect.stringMatching(/^data\.json row 3, field "contexts(\.0)?": /),
      "data.json row 4: expected an object with question, answer and contexts",
    ]);
  });

  it("refuses a duplicate id, naming both rows (a run journal keys results by id)", async () => {
    const text = JSON.stringify([
      { id: "x", question: "q", answer: "a" },
      { id: "x", question: "q", answer: "a" },
      { question: "q", answer: "a" },
    ]);
    const parsed = await parse(text, "d.json");
    expect(parsed.samples).toEqual([]);
    expect(parsed.errors.map(formatIssue)).toEqual(['d.json row 2, field "id": id "x" is already used by row 1']);
    expect(parsed.valid.samples.map((s) => s.id)).toEqual(["x", "row-3"]);
    expect(parsed.valid.leftOut).toBe(1);
  });

  it("says so when the JSON does not parse or holds no samples", async () => {
    expect((await messages("{oops", "d.json"))[0]).toMatch(/^d\.json \(line 1\): not valid JSON/);
    expect(await messages("[]", "d.json")).toEqual(["d.json: no samples found (expected records with question, answer and contexts)"]);
  });
});

describe("samples files: JSON Lines", () => {
  it("uses the line number as the row and skips blank lines", async () => {
    const text = '{"question":"q1","answer":"a1","contexts":["c"]}\n\n{"question":"q2"}\n{broken\n';
    const parsed = await parse(text, "d.jsonl");
    expect(parsed.samples).toEqual([]);
    expect(parsed.valid).toEqual({ samples: [{ id: "row-1", question: "q1", answer: "a1", contexts: ["c"] }], leftOut: 2 });
    expect(parsed.errors.map(formatIssue)).toEqual([
      expect.stringMatching(/^d\.jsonl row 3, field "answer": missing/),
      expect.stringMatching(/^d\.jsonl row 4: not valid JSON/),
    ]);
  });
});

describe("samples files: CSV", () => {
  it("reads a header row, JSON-list and plain-text context cells, and multi-line cells", async () => {
    const text = 'Question,answer,retrieved_contexts,reference,notes\nq1,a1,"[""c1"", ""c2""]",r1,x\nq2,"a2\nmore",just one context,,y\n';
    const parsed = await parse(text, "data.csv");
    expect(parsed.errors).toEqual([]);
    expect(parsed.samples).toEqual([
      { id: "row-1", question: "q1", answer: "a1", contexts: ["c1", "c2"], reference: "r1" },
      { id: "row-2", question: "q2", answer: "a2\nmore", contexts: ["just one context"] },
    ]);
    expect(parsed.warnings.map(formatIssue)).toEqual(['data.csv: ignored column "notes"']);
  });

  it("names the file, row and field when a contexts cell is a broken JSON list", async () => {
    const text = 'question,answer,contexts\nq1,a1,"[""ok""]"\nq2,a2,"[""unclosed"", "\n';
    expect(await messages(text, "data.csv")).toEqual([
      'data.csv row 2 (line 3), field "contexts": looks like a list but is not one: the list is never closed with ]',
    ]);
  });

  it("gives the text line too when multi-line cells shift rows from lines", async () => {
    const text = 'question,answer,contexts\nq1,"a\nb\nc",c\nq2,,"[""a"", 2]"\nq3\n';
    const errs = await messages(text, "data.csv");
    expect(errs).toContain('data.csv row 2 (line 5), field "contexts": item 2 of the list is a number, expected text');
    expect(errs).toContain('data.csv row 3 (line 6), field "answer": missing (also looked for response)');
  });

  it("refuses rows with more cells than the header and broken quoting", async () => {
    expect((await messages("question,answer\nq,a,extra\n", "d.csv"))[0]).toMatch(/^d\.csv row 1 \(line 2\): 3 cells, but the header names 2 columns/);
    expect((await messages('question,answer\nq,"open\n', "d.csv"))[0]).toMatch(
      /^d\.csv row 1 \(line 2\), field "answer": a quoted cell in the row starting on line 2 is never closed/,
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

  it("throws one SamplesFileError whose message counts the rest", async () => {
    const text = JSON.stringify([{ id: 1 }, { id: 2 }]);
    const parsed = await parse(text, "d.json");
    try {
      requireSamples(parsed);
      expect.fail("should throw");
    } catch (error) {
      expect(error).toBeInstanceOf(SamplesFileError);
      expect((error as Error).message).toMatch(
        /^d\.json, field "question": no column for it \(looked for question, user_input\); the file has "id" \(and 1 more problem\)$/,
      );
    }
  });
});
