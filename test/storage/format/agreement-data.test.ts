import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readAgreementFile } from "../../../src/storage/format/agreement-data";
import { fixturePath } from "../../fixture-path";

const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });
const shared = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(fixturePath("wikieval", name))) });

describe("readAgreementFile", () => {
  it.each(["WikiEval_samples_10.json", "WikiEval_samples_10.jsonl"])("reads the ten WikiEval rows from %s with the prefixes stripped", async (name) => {
    const { rows } = await readAgreementFile(shared(name));
    expect(rows).toHaveLength(10);
    expect(rows[0]!.id).toBe("1");
    expect(rows[0]!.question).toBe("When is the scheduled launch date and time for the PSLV-C56 mission, and where will it be launched from?");
    expect(rows[0]!.answer.startsWith("The PSLV-C56 mission is scheduled")).toBe(true);
    expect(rows[0]!.source).toBe("PSLV-C56");
    expect(rows.map((r) => r.context_v2!.length)).toEqual([1, 1, 1, 1, 2, 2, 2, 1, 1, 1]);
    expect(rows.every((r) => r.context_v1.length === 1 && r.ungrounded_answer && r.poor_answer && r.human === undefined)).toBe(true);
  });

  it("reads CSV list cells written by pandas (Python and numpy style) and user labels", async () => {
    const csv = [
      "question,answer,ungrounded_answer,poor_answer,context_v1,context_v2,human_faithfulness,human_answer_relevancy",
      `"Question: Q1?","Answer: A1.",U1,P1,"['first ctx']","['first ctx'\n 'extra sentence']",b,`,
      `Q2?,A2.,U2,P2,"[""c2""]","['c2', ""it's v2""]",,1`,
    ].join("\n");
    const { rows, readings } = await readAgreementFile(file("w.csv", csv));
    expect(rows[0]).toMatchObject({ id: "1", question: "Q1?", answer: "A1.", context_v1: ["first ctx"], human: { faithfulness: "b" } });
    // How each row was read, for the preview: what lost its prefix, how each context cell was split.
    expect(readings).toEqual([
      { stripped: ["question", "answer"], listsAs: { context_v1: "python", context_v2: "numpy" } },
      { stripped: [], listsAs: { context_v1: "json", context_v2: "python" } },
    ]);
    expect(rows[0]!.context_v2).toEqual(["first ctx", "extra sentence"]);
    expect(rows[1]).toMatchObject({ context_v1: ["c2"], context_v2: ["c2", "it's v2"], human: { answer_relevancy: 1 } });
  });

  it.each(["pandas-style.parquet", "hf-datasets-style.parquet"])("reads parquet list columns (%s) with the ragas column names", async (name) => {
    const bytes = new Uint8Array(readFileSync(new URL(`../../fixtures/datasets/${name}`, import.meta.url)));
    const { rows } = await readAgreementFile({ name, bytes });
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ question: "When was the Eiffel Tower built?", answer: "It was built from 1887 to 1889." });
    expect(rows[0]!.context_v1).toEqual(["The Eiffel Tower was built from 1887 to 1889.", "It's named after Gustave Eiffel, whose company built it."]);
    expect(rows[1]!.context_v1).toHaveLength(3);
  });

  it("names the file, row and field of every problem and reads nothing", async () => {
    const jsonl = [
      '{"question":"q","answer":"a","context_v1":["c"]}',
      '{"question":"q","answer":"","context_v1":"[\'broken"}',
      '{"question":"q","answer":"a","context_v1":["c"],"human_faithfulness":"x"}',
    ].join("\n");
    await expect(readAgreementFile(file("bad.jsonl", jsonl))).rejects.toThrow(/bad\.jsonl row 2, field "answer": is empty \(and 2 more problems\)/);
    await expect(readAgreementFile(file("cols.json", '[{"q": 1}]'))).rejects.toThrow(/cols\.json, field "question": missing column/);
  });
});
