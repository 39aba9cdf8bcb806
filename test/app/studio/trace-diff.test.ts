import { describe, expect, it } from "vitest";
import { diffTraces } from "../../../src/app/studio/logic/trace-diff";

const st = (text: string, verdict: 0 | 1, reason = "r") => ({ text, verdict, reason });

describe("diffTraces", () => {
  it("faithfulness: statements that changed verdict, were dropped or were added", () => {
    const before = { statements: [st("A is B.", 1, "stated"), st("C is D.", 1), st("E.", 0)], calls: [] };
    const after = { statements: [st("a is  b.", 0, "not stated"), st("C is D.", 1), st("F.", 1)], calls: [] };
    const d = diffTraces("faithfulness", before, after);
    expect(d.valueKind).toBe("flag");
    expect(d.unchanged).toBe(1);
    expect(d.changes).toEqual([
      { kind: "changed", text: "a is  b.", before: 1, after: 0, reasonBefore: "stated", reasonAfter: "not stated" },
      { kind: "removed", text: "E.", before: 0, reasonBefore: "r" },
      { kind: "added", text: "F.", after: 1, reasonAfter: "r" },
    ]);
  });

  it("context precision matches contexts by rank; context relevance by context and sentence", () => {
    const p = diffTraces(
      "context_precision",
      {
        contexts: [
          { index: 0, verdict: 1, reason: "x" },
          { index: 1, verdict: 0, reason: "y" },
        ],
      },
      {
        contexts: [
          { index: 0, verdict: 1, reason: "x" },
          { index: 1, verdict: 1, reason: "z" },
        ],
      },
    );
    expect(p.changes).toEqual([{ kind: "changed", text: "#2", before: 0, after: 1, reasonBefore: "y", reasonAfter: "z", context: 2 }]);
    const r = diffTraces(
      "context_relevance",
      {
        sentences: [
          { text: "S.", context: 0, relevant: 0 },
          { text: "S.", context: 1, relevant: 1 },
        ],
      },
      {
        sentences: [
          { text: "S.", context: 0, relevant: 1 },
          { text: "S.", context: 1, relevant: 1 },
        ],
      },
    );
    expect(r.changes).toEqual([{ kind: "changed", text: "S.", before: 0, after: 1, context: 1 }]);
    expect(r.unchanged).toBe(1);
  });

  it("answer relevancy compares similarities, ignoring rounding noise", () => {
    const q = (text: string, similarity: number) => ({ text, noncommittal: 0, similarity });
    const d = diffTraces("answer_relevancy", { questions: [q("Why?", 0.8), q("How?", 0.5)] }, { questions: [q("Why?", 0.801), q("How?", 0.2)] });
    expect(d.valueKind).toBe("similarity");
    expect(d.unchanged).toBe(1);
    expect(d.changes).toEqual([{ kind: "changed", text: "How?", before: 0.5, after: 0.2 }]);
  });

  it("a trace without items (a coded null) diffs to everything added or removed, without throwing", () => {
    expect(diffTraces("context_recall", { calls: [] }, { statements: [{ text: "R.", attributed: 1, reason: "" }] }).changes).toEqual([
      { kind: "added", text: "R.", after: 1 },
    ]);
    expect(diffTraces("faithfulness", undefined, null)).toEqual({ valueKind: "flag", changes: [], unchanged: 0 });
  });
});
