import { describe, expect, it } from "vitest";
import {
  type CheckName,
  type Distribution,
  detectLanguage,
  estimateGeneration,
  type GenerationEstimate,
  type GenerationMode,
  MODES,
  QUERY_LENGTHS,
  QUERY_STYLES,
  sourceChunkSchema,
  testsetSampleSchema,
} from "../../../src/engine/testset";
import { splitCounts, strata } from "../../../src/engine/testset/plan";
import { seededRandom } from "../../../src/engine/math/random";
import { CHINESE_CHUNKS, ENGLISH_CHUNKS } from "./corpus";

describe("the plan", () => {
  it("splits N exactly, each synthesizer within one of its share, and moves an impossible one's share to the rest", () => {
    const all = ["single_hop_specific_query_synthesizer", "multi_hop_abstract_query_synthesizer", "multi_hop_specific_query_synthesizer"] as const;
    expect(splitCounts(10, undefined, all)).toEqual({
      single_hop_specific_query_synthesizer: 4,
      multi_hop_abstract_query_synthesizer: 3,
      multi_hop_specific_query_synthesizer: 3,
    });
    const asked: Distribution = {
      single_hop_specific_query_synthesizer: 0.5,
      multi_hop_abstract_query_synthesizer: 0.25,
      multi_hop_specific_query_synthesizer: 0.25,
    };
    const counts = splitCounts(7, asked, all);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(7);
    for (const s of all) expect(Math.abs(counts[s] - 7 * asked[s]!)).toBeLessThan(1);
    expect(splitCounts(5, undefined, ["single_hop_specific_query_synthesizer"])).toEqual({
      single_hop_specific_query_synthesizer: 5,
      multi_hop_abstract_query_synthesizer: 0,
      multi_hop_specific_query_synthesizer: 0,
    });
  });

  it("strata visit every persona x style x length before repeating one", () => {
    const drawn = strata("single_hop_specific_query_synthesizer", 36, 3, seededRandom(1));
    expect(new Set(drawn.map((s) => `${s.persona} ${s.style} ${s.length}`)).size).toBe(36);
    expect(new Set(drawn.map((s) => s.style))).toEqual(new Set(QUERY_STYLES));
    expect(new Set(drawn.map((s) => s.length))).toEqual(new Set(QUERY_LENGTHS));
  });
});

describe("the estimate and the schemas", () => {
  it("counts graph mode's calls: one extraction per chunk, one summary per document, one persona call, N generations, and the gate on top", () => {
    const graph: GenerationMode = MODES[0];
    const none: CheckName[] = [];
    const e: GenerationEstimate = estimateGeneration(ENGLISH_CHUNKS, { size: 10, mode: graph, checks: none });
    expect(e.chatCalls).toBe(ENGLISH_CHUNKS.length + 4 + 1 + 10);
    expect(e.embeddingRequests).toBe(2);
    expect(e.promptTokens).toBeGreaterThan(10 * 300);
    const gated = estimateGeneration(ENGLISH_CHUNKS, { size: 10, mode: graph, checks: ["grounded", "standalone", "leakage", "duplicate"] });
    // 13 candidates (30% replaced), each with 4 gate calls.
    expect(gated.chatCalls).toBe(ENGLISH_CHUNKS.length + 4 + 1 + 13 + 4 * 13);
    expect(estimateGeneration(ENGLISH_CHUNKS, { size: 10, mode: "quick", checks: none }).chatCalls).toBe(10);
  });

  it("detects the corpus's language, and parses chunks and lines with their schemas", () => {
    expect(detectLanguage(ENGLISH_CHUNKS)).toBe("en");
    expect(detectLanguage(CHINESE_CHUNKS)).toBe("zh");
    expect(sourceChunkSchema.safeParse({ id: "a", document: "d.md", start: 0, end: 3, text: "" }).success).toBe(false);
    const line = {
      user_input: "Q?",
      reference: "R.",
      reference_contexts: ["c"],
      reference_context_ids: ["a"],
      synthesizer_name: "quick",
      persona_name: "",
      query_style: "MISSPELLED",
      query_length: "SHORT",
      sources: [{ document: "d.md", start: 0, end: 1 }],
      checks: { standalone: { pass: true, reason: "ok" } },
    };
    expect(testsetSampleSchema.parse(line)).toEqual(line);
    expect(testsetSampleSchema.safeParse({ ...line, query_style: "POLITE" }).success).toBe(false);
  });
});
