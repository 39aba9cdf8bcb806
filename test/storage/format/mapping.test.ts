import { describe, expect, it } from "vitest";
import { guessMapping } from "../../../src/storage/format/columns";
import { tableToSamples } from "../../../src/storage/format/mapping";
import { formatIssue, type RawTable } from "../../../src/storage/format/samples-types";
import { readTable } from "../../../src/storage/format/table";

const csv = (text: string, name = "d.csv") => readTable({ name, bytes: new TextEncoder().encode(text) });

describe("tableToSamples", () => {
  it("takes other column names through an explicit mapping, and lists the columns it ignored", async () => {
    const table = await csv("qid,query,output,docs,gold,extra\n7,q1,a1,\"['d1', 'd2']\",g1,x\n");
    const parsed = tableToSamples(table, { id: "qid", question: "query", answer: "output", contexts: "docs", reference: "gold" });
    expect(parsed.errors).toEqual([]);
    expect(parsed.samples).toEqual([{ id: "7", question: "q1", answer: "a1", contexts: ["d1", "d2"], reference: "g1" }]);
    expect(parsed.warnings.map(formatIssue)).toContain('d.csv: ignored column "extra"');
  });

  // Was silent: the question came from "question" and "user_input" was read only where it was empty.
  it("says when two columns hold one field (question and user_input): which one is used, and when the other is", async () => {
    const table = await csv("user_input,question,answer,response,ground_truth,reference\nu1,q1,a1,r1,g1,\nu2,,a2,r2,g2,ref2\n");
    const parsed = tableToSamples(table, guessMapping(table.columns));
    expect(parsed.samples.map((s) => [s.question, s.answer, s.reference])).toEqual([
      ["q1", "a1", "g1"],
      ["u2", "a2", "ref2"],
    ]);
    expect(parsed.warnings.map(formatIssue)).toEqual([
      'd.csv: columns "question" and "user_input" both hold the question (1 row has both): "question" is used, "user_input" only where "question" is empty',
      'd.csv: columns "answer" and "response" both hold the answer (2 rows have both): "answer" is used, "response" only where "answer" is empty',
      'd.csv: columns "reference" and "ground_truth" both hold the reference (1 row has both): "reference" is used, "ground_truth" only where "reference" is empty',
    ]);
    // Mapped by hand to the other name: the note follows the mapping.
    const byHand = tableToSamples(table, { question: "user_input", answer: "response" });
    expect(byHand.warnings.map((w) => w.message)).toContain(
      'columns "user_input" and "question" both hold the question (1 row has both): "user_input" is used, "question" only where "user_input" is empty',
    );
  });

  it("reads .tsv files with tabs, quotes and all", async () => {
    const parsed = tableToSamples(
      await csv("question\tanswer\tcontexts\nq, 1\t\"a\t1\"\t\"['c1', 'c2']\"\n", "d.tsv"),
      guessMapping(["question", "answer", "contexts"]),
    );
    expect(parsed.samples).toEqual([{ id: "row-1", question: "q, 1", answer: "a\t1", contexts: ["c1", "c2"] }]);
  });

  it("refuses a mapping to a column the file does not have", async () => {
    const parsed = tableToSamples(await csv("q,a\nx,y\n"), { question: "q", answer: "answer" });
    expect(parsed.errors.map(formatIssue)).toEqual(['d.csv, field "answer": column "answer" is not in the file']);
    expect(parsed.valid).toEqual({ samples: [], leftOut: 1 });
  });

  it("joins ragas' old ground_truths list into one reference", async () => {
    const parsed = tableToSamples(await csv("question,answer,ground_truths\nq,a,\"['one', 'two']\"\n"), guessMapping(["question", "answer", "ground_truths"]));
    expect(parsed.samples[0]!.reference).toBe("one\ntwo");
  });

  it("accepts parquet-style values: bigint ids and real arrays; refuses wrong types by row and column", () => {
    const table: RawTable = {
      file: "d.parquet",
      kind: "parquet",
      columns: ["id", "question", "answer", "contexts"],
      rows: [
        { id: 10n, question: "q1", answer: "a1", contexts: ["c1", "c2"] },
        { id: 11n, question: "q2", answer: 3.5, contexts: ["c3"] },
        { id: 12n, question: "q3", answer: "a3", contexts: [1] },
        { id: { x: 1 }, question: "q4", answer: "a4", contexts: null },
      ],
    };
    const parsed = tableToSamples(table, guessMapping(table.columns));
    expect(parsed.errors.map(formatIssue)).toEqual([
      'd.parquet row 2, field "answer": expected text, got a number',
      'd.parquet row 3, field "contexts": item 1 of the list is a number, expected text',
      'd.parquet row 4, field "id": expected text or a number, got an object',
    ]);
    expect(parsed.samples).toEqual([]);
    expect(parsed.valid).toEqual({ samples: [{ id: "10", question: "q1", answer: "a1", contexts: ["c1", "c2"] }], leftOut: 3 });
  });

  it("lets a JSON record use the other ragas name for a field the chosen column lacks", async () => {
    const table = await readTable({
      name: "d.json",
      bytes: new TextEncoder().encode(
        JSON.stringify([
          { question: "q1", answer: "a1" },
          { user_input: "q2", response: "a2" },
        ]),
      ),
    });
    const parsed = tableToSamples(table, guessMapping(table.columns));
    expect(parsed.samples.map((s) => [s.question, s.answer])).toEqual([
      ["q1", "a1"],
      ["q2", "a2"],
    ]);
    expect(parsed.warnings).toEqual([]);
  });
});
