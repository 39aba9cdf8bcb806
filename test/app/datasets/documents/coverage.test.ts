import { describe, expect, it } from "vitest";
import { questionsPerDocument, questionsPerSynthesizer } from "../../../../src/app/datasets/documents/coverage";
import type { TestsetSample } from "../../../../src/engine/testset";

const line = (synthesizer_name: TestsetSample["synthesizer_name"], ...docs: string[]): TestsetSample => ({
  user_input: "q",
  reference: "r",
  reference_contexts: docs.map(() => "c"),
  reference_context_ids: docs.map((_, i) => `id${i}`),
  synthesizer_name,
  persona_name: "p",
  query_style: "PERFECT_GRAMMAR",
  query_length: "SHORT",
  sources: docs.map((document) => ({ document, start: 0, end: 1 })),
  checks: {},
});

describe("questions per document and per synthesizer", () => {
  it("counts a multi-hop question once per document it spans (twice in one document counts once), most first", () => {
    const samples = [
      line("single_hop_specific_query_synthesizer", "b.md"),
      line("multi_hop_abstract_query_synthesizer", "a.md", "b.md"),
      line("multi_hop_specific_query_synthesizer", "茶.md", "茶.md"),
      line("single_hop_specific_query_synthesizer", "a.md"),
    ];
    expect(questionsPerDocument(samples)).toEqual([
      ["a.md", 2],
      ["b.md", 2],
      ["茶.md", 1],
    ]);
    expect(questionsPerSynthesizer(samples)).toEqual([
      ["single_hop_specific_query_synthesizer", 2],
      ["multi_hop_abstract_query_synthesizer", 1],
      ["multi_hop_specific_query_synthesizer", 1],
    ]);
  });
});
