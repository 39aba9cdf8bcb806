import { describe, expect, it } from "vitest";
import { mapsByName, storableAsIs } from "../../../src/app/datasets/import/by-name";
import { guessMapping, type MappedSamples } from "../../../src/app/datasets/import/format-api";

const byName = (columns: string[]) => mapsByName(columns, guessMapping(columns));

describe("a file whose columns are all sample names skips the mapping step (issue 19)", () => {
  it("ragas names, our names, and loosely written ones map by name", () => {
    expect(byName(["user_input", "response", "retrieved_contexts", "reference"])).toBe(true);
    expect(byName(["id", "question", "answer", "contexts", "reference"])).toBe(true);
    expect(byName(["Question", " Answer ", "Contexts"])).toBe(true);
    expect(byName(["user_input", "response", "retrieved_contexts", "ground_truth"])).toBe(true);
  });

  it("another name, or two names for one field, goes through the mapping step", () => {
    expect(byName(["query", "answer", "contexts"])).toBe(false);
    expect(byName(["user_input", "response", "retrieved_contexts", "notes"])).toBe(false);
    expect(byName(["question", "user_input", "answer"])).toBe(false);
    expect(byName(["reference", "ground_truth", "question", "answer"])).toBe(false);
    expect(byName([])).toBe(false);
  });

  it("a conversation file (OpenAI or ragas columns) goes by name; two turn columns or an unknown one do not", () => {
    expect(byName(["id", "messages", "reference_tool_calls"])).toBe(true);
    expect(byName(["messages", "reference_tool_calls", "reference_topics", "reference"])).toBe(true);
    expect(byName(["messages", "conversation", "id"])).toBe(false);
    expect(byName(["messages", "notes"])).toBe(false);
  });

  it("stores at once only rows without errors and without a guessed encoding; list-cell notes do not stop it", () => {
    const ok: MappedSamples = {
      kind: "csv",
      samples: [{ id: "row-1", question: "Q", answer: "A", contexts: ["c"] }],
      errors: [],
      warnings: [{ file: "f.csv", field: "retrieved_contexts", message: "read 1 cell as Python list literals" }],
      valid: { samples: [{ id: "row-1", question: "Q", answer: "A", contexts: ["c"] }], leftOut: 0 },
      contextsReadAs: { python: 1 },
    };
    expect(storableAsIs(ok)).toBe(true);
    expect(storableAsIs({ ...ok, warnings: [{ file: "f.csv", message: "the file is not UTF-8; it was read as Windows-1252" }] })).toBe(false);
    expect(storableAsIs({ ...ok, samples: [], errors: [{ file: "f.csv", row: 2, field: "response", message: "missing" }] })).toBe(false);
  });
});
