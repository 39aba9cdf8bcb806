import { describe, expect, it } from "vitest";
import { METRICS } from "../../../src/engine";
import { PAPER_METRIC_IDS, RETRIEVAL_METRIC_IDS, TEXT_METRIC_IDS } from "../../../src/engine/metrics/types";

const STARTING = [...PAPER_METRIC_IDS, ...TEXT_METRIC_IDS];
import { applicableMetrics } from "../../../src/app/runs/applicable-metrics";

const full = { id: "a", question: "Q?", answer: "A.", contexts: ["C."], reference: "R." };

describe("the run form's starting metrics follow the dataset's columns", () => {
  it("ticks the paper's five and the free text metrics when every column is there (the embedding one only with an embedding model)", () => {
    expect(applicableMetrics([full], true)).toEqual(STARTING);
    // ragas 0.4's judges cost requests: one tick away, never ticked for the user.
    expect(applicableMetrics([full], true)).not.toContain("answer_correctness");
    const noEmbedder = applicableMetrics([full], false);
    expect(noEmbedder).not.toContain("answer_relevancy");
    expect(noEmbedder).toEqual(STARTING.filter((id) => !METRICS[id].usesEmbeddings));
  });

  it("leaves out the metrics that need a reference when no row has one, and those that need contexts", () => {
    const noRef = applicableMetrics(
      [
        { ...full, reference: undefined },
        { ...full, id: "b", reference: "  " },
      ],
      true,
    );
    expect(noRef).toContain("faithfulness");
    expect(noRef).not.toContain("context_recall");
    expect(noRef).not.toContain("bleu");
    expect(noRef.every((id) => !METRICS[id].requires.includes("reference"))).toBe(true);
    const noContexts = applicableMetrics([{ ...full, contexts: [] }], true);
    expect(noContexts).toContain("bleu");
    expect(noContexts).not.toContain("faithfulness");
  });

  it("ticks the free retrieval metrics when some sample has retrieved ids, and only then", () => {
    expect(applicableMetrics([full], true)).not.toContain("ndcg_at_k");
    const withIds = applicableMetrics([full, { ...full, id: "b", retrievedContextIds: ["d1"], referenceContextIds: ["d1"] }], true);
    expect(withIds).toEqual([...STARTING, ...RETRIEVAL_METRIC_IDS]);
  });

  it("ticks the tool-call metrics for conversations with reference calls, never the conversation judges", () => {
    const turns = { id: "c", question: "", answer: "", contexts: [], messages: [{ role: "user" as const, content: "Hi" }] };
    expect(applicableMetrics([turns], true)).toEqual([]);
    expect(applicableMetrics([{ ...turns, referenceToolCalls: [{ name: "f", args: {} }] }], true)).toEqual(["tool_call_accuracy", "tool_call_f1"]);
  });
});
