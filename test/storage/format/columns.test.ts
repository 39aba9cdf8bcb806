import { describe, expect, it } from "vitest";
import { readDatasetFile } from "../../../src/cli/files";
import { readAgreementFile } from "../../../src/storage/format/agreement-data";
import { AGREEMENT_COLUMNS, guessColumns, guessMapping, SAMPLE_COLUMNS } from "../../../src/storage/format/columns";
import { readSamples, requireSamples } from "../../../src/storage/format/samples-file";
import { createImportSession } from "../../../src/app/datasets/import/session";
import type { FromWorker } from "../../../src/app/datasets/import/protocol";

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe("guessMapping", () => {
  it("maps our names and ragas' on their own, ours first, matching loosely", () => {
    expect(guessMapping(["User Input", "response", "retrieved_contexts", "ground_truth", "notes"])).toEqual({
      question: "User Input",
      answer: "response",
      contexts: "retrieved_contexts",
      reference: "ground_truth",
    });
    expect(guessMapping(["id", "question", "user_input", "answer", "contexts", "reference", "ground_truths"])).toEqual({
      id: "id",
      question: "question",
      answer: "answer",
      contexts: "contexts",
      reference: "reference",
    });
    expect(guessMapping(["query", "output"])).toEqual({});
  });
});

describe("one column table for every reader (contract 2)", () => {
  // Spreadsheet-style ragas headers: capitals and spaces, as people type them.
  const CSV = "User Input,Response,Retrieved Contexts,Ground Truth\nWho?,Ada.,\"['Ada wrote it.']\",Ada\n";

  it("the CLI, the import worker and the agreement loader read the same headers the same way", async () => {
    const cli = requireSamples(await readSamples({ name: "d.csv", bytes: bytesOf(CSV) })).samples;
    expect(cli).toEqual([{ id: "row-1", question: "Who?", answer: "Ada.", contexts: ["Ada wrote it."], reference: "Ada" }]);

    const messages: FromWorker[] = [];
    const session = createImportSession((m) => messages.push(m));
    await session({ type: "read", name: "d.csv", bytes: bytesOf(CSV) });
    await session({ type: "map", requestId: 1, mapping: guessMapping(["User Input", "Response", "Retrieved Contexts", "Ground Truth"]) });
    const mapped = messages.find((m) => m.type === "mapped");
    expect(mapped?.type === "mapped" && mapped.result.samples).toEqual(cli);

    const { rows } = await readAgreementFile({ name: "d.csv", bytes: bytesOf(CSV) });
    expect(rows).toEqual([{ id: "1", question: "Who?", answer: "Ada.", context_v1: ["Ada wrote it."] }]);
  });

  it("the agreement columns take the sample names for question, answer and the ideal context, and match loosely", () => {
    expect(AGREEMENT_COLUMNS.question).toEqual(SAMPLE_COLUMNS.question);
    expect(AGREEMENT_COLUMNS.answer).toEqual(SAMPLE_COLUMNS.answer);
    expect(guessColumns(["Question", "Answer", "Context V1", "Ungrounded Answer", "poor-answer"], AGREEMENT_COLUMNS)).toEqual({
      question: "Question",
      answer: "Answer",
      context_v1: "Context V1",
      ungrounded_answer: "Ungrounded Answer",
      poor_answer: "poor-answer",
    });
    expect(guessColumns(["user_input", "response", "contexts", "retrieved_contexts"], AGREEMENT_COLUMNS)).toEqual({
      question: "user_input",
      answer: "response",
      context_v1: "contexts",
    });
  });

  it("a JSON file with one sample or a column table is recognised by any name of the question", async () => {
    const one = await readSamples({ name: "d.json", bytes: bytesOf(JSON.stringify({ "User Input": "Q", response: "A" })) });
    expect(requireSamples(one).samples).toEqual([{ id: "row-1", question: "Q", answer: "A", contexts: [] }]);
    const columns = await readSamples({ name: "d.json", bytes: bytesOf(JSON.stringify({ Question: ["q1", "q2"], Answer: ["a1", "a2"] })) });
    expect(requireSamples(columns).samples.map((s) => s.question)).toEqual(["q1", "q2"]);
  });

  it("the CLI's reader refuses what the pipeline refuses, naming file, row and field", async () => {
    await expect(readDatasetFile("test/fixtures/broken/missing-answer.csv")).rejects.toThrow(/^missing-answer\.csv row 2 \(line 3\), field "answer"/);
  });
});
