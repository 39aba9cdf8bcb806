import { describe, expect, test } from "vitest";
import type { FromWorker } from "../../../../src/app/datasets/import/protocol";
import { createImportSession } from "../../../../src/app/datasets/import/session";

/**
 * Issue 29: a test set (questions, no answer column) imports with empty answers for "Ask your
 * system" to fill; a file WITH an answer column still refuses a row whose answer cell is empty.
 */
const bytes = (text: string) => new TextEncoder().encode(text);

async function mapped(name: string, text: string, mapping: Record<string, string>) {
  const posted: FromWorker[] = [];
  const handle = createImportSession((m) => posted.push(m));
  await handle({ type: "read", name, bytes: bytes(text) });
  await handle({ type: "map", requestId: 1, mapping });
  const out = posted.find((m) => m.type === "mapped");
  if (out?.type !== "mapped") throw new Error(`not mapped: ${JSON.stringify(posted.at(-1))}`);
  return out.result;
}

describe("importing a test set", () => {
  test("rows without an answer column get empty answers", async () => {
    const result = await mapped("questions.csv", "question,reference\nWhere is the Eiffel Tower?,Paris\n埃菲尔铁塔有多高？,330 m\n", {
      question: "question",
      reference: "reference",
    });
    expect(result.errors).toEqual([]);
    expect(result.samples).toEqual([
      { id: "row-1", question: "Where is the Eiffel Tower?", answer: "", contexts: [], reference: "Paris" },
      { id: "row-2", question: "埃菲尔铁塔有多高？", answer: "", contexts: [], reference: "330 m" },
    ]);
  });

  test("an answer column with an empty cell is still a problem named by row and field", async () => {
    const result = await mapped("answers.csv", "question,answer\nq1,a1\nq2,\n", { question: "question", answer: "answer" });
    expect(result.errors.map((e) => [e.row, e.field, e.message])).toEqual([[2, "answer", "missing (also looked for response)"]]);
  });
});
