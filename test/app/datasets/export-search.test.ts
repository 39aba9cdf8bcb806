import { describe, expect, test } from "vitest";
import { datasetToCsv, datasetToJsonl, exportFileName } from "../../../src/app/datasets/export";
import { searchRows } from "../../../src/app/datasets/search";
import type { Sample } from "../../../src/engine/sample";
import type { DatasetRow } from "../../../src/storage/db/datasets";
import { guessMapping } from "../../../src/storage/format/columns";
import { tableToSamples } from "../../../src/storage/format/mapping";
import { readTableText } from "../../../src/storage/format/table";

const samples: Sample[] = [
  { id: "a", question: "Where, exactly?", answer: 'It is "here".\nSecond line.', contexts: ["one, with comma", 'two "quoted"', "三"], reference: "Paris" },
  { id: "b", question: "它在哪里？", answer: "在巴黎。", contexts: [] },
];

function roundTrip(text: string, file: string): Sample[] {
  const table = readTableText(text, file);
  const result = tableToSamples(table, guessMapping(table.columns));
  expect(result.errors).toEqual([]);
  return result.samples;
}

describe("dataset export", () => {
  test("CSV: a header, contexts as a JSON list cell, and it reads back to the same samples", () => {
    const csv = datasetToCsv(samples);
    expect(csv.split("\r\n")[0]).toBe("id,question,answer,contexts,reference");
    expect(csv).toContain('"[""one, with comma"",""two \\""quoted\\"""",""三""]"');
    expect(roundTrip(csv, "out.csv")).toEqual(samples);
  });

  test("JSONL: one sample per line, reads back the same; no reference key when there is none", () => {
    const jsonl = datasetToJsonl(samples);
    expect(jsonl.trimEnd().split("\n")).toHaveLength(2);
    expect(JSON.parse(jsonl.split("\n")[1]!)).toEqual({ id: "b", question: "它在哪里？", answer: "在巴黎。", contexts: [] });
    expect(roundTrip(jsonl, "out.jsonl")).toEqual(samples);
  });

  test("JSONL keeps a conversation's turns, reference calls and topics (contract 16), and reads them back", () => {
    const conversation: Sample = {
      id: "c",
      question: "",
      answer: "",
      contexts: [],
      messages: [
        { role: "user", content: "订餐" },
        { role: "assistant", content: "", toolCalls: [{ name: "book", args: { people: 2, at: { h: 19 } } }] },
      ],
      referenceToolCalls: [{ name: "book", args: { people: 2 } }],
      referenceTopics: ["dining"],
    };
    expect(roundTrip(datasetToJsonl([conversation]), "out.jsonl")).toEqual([conversation]);
  });

  test("file names are safe on every OS", () => {
    expect(exportFileName('My set: v2 / "final"', "csv")).toBe("My-set-v2-final.csv");
    expect(exportFileName("  ", "jsonl")).toBe("dataset.jsonl");
  });
});

describe("row search", () => {
  const rows: DatasetRow[] = samples.map((sample, position) => ({ datasetId: "d", position, sample }));
  test("matches every word in any field, case-insensitively, Chinese as a substring", () => {
    expect(searchRows(rows, "").length).toBe(2);
    expect(searchRows(rows, "WHERE here").map((r) => r.sample.id)).toEqual(["a"]);
    expect(searchRows(rows, "quoted").map((r) => r.sample.id)).toEqual(["a"]);
    expect(searchRows(rows, "巴黎").map((r) => r.sample.id)).toEqual(["b"]);
    expect(searchRows(rows, "哪里").map((r) => r.sample.id)).toEqual(["b"]);
    expect(searchRows(rows, "paris").map((r) => r.sample.id)).toEqual(["a"]);
    expect(searchRows(rows, "where 巴黎")).toEqual([]);
  });
});

describe("formula cells in the dataset CSV", () => {
  const risky: Sample[] = [
    {
      id: "=1+1",
      question: '=HYPERLINK("http://evil.example","click")',
      answer: "+33 6 12 34 56 78",
      contexts: ["@SUM(A1)", "-dash"],
      reference: "'=kept apostrophe",
    },
    { id: "plain", question: "Is - in the middle fine?", answer: "a = b", contexts: ["=ctx"] },
  ];

  test("are guarded like the report CSV's, and read back as the same rows", () => {
    const csv = datasetToCsv(risky);
    expect(csv.split("\r\n")[1]).toMatch(/^'\u2060=1\+1,"'\u2060=HYPERLINK\(/);
    expect(csv).not.toMatch(/(^|,)"?[=+@-]/m);
    const table = readTableText(csv, "risky.csv");
    const back = tableToSamples(table, guessMapping(table.columns));
    expect(back.errors).toEqual([]);
    expect(back.samples).toEqual(risky);
  });
});
