import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GenerationOptions, generateTestset, SYNTHESIZERS, type TestsetSample, testsetSampleSchema } from "../../../src/engine/testset";
import { createEmbedder, createJudge, MemoryResponseCache } from "../../../src/llm";
import { type MockServer, startMockServer } from "../../mock/server";
import { CHINESE_CHUNKS, DOCUMENTS, ENGLISH_CHUNKS } from "./corpus";

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({});
});
afterAll(() => mock.close());

function ports(cache?: MemoryResponseCache) {
  const config = { baseURL: mock.url, apiKey: "test", model: "mock-judge", embeddingModel: "mock-embedding", maxRetries: 6, ...(cache ? { cache } : {}) };
  return { judge: createJudge(config), embedder: createEmbedder(config) };
}

const base: GenerationOptions = {
  size: 9,
  mode: "graph",
  language: "auto",
  checks: ["grounded", "standalone", "leakage", "duplicate"],
  seed: 7,
  concurrency: 8,
};

describe("generateTestset against the cooperative mock", () => {
  it("graph mode: exactly N lines, contexts equal to their document's text between offsets, thirds per synthesizer, every check passed", async () => {
    const result = await generateTestset(ENGLISH_CHUNKS, base, ports());
    expect(result.complete).toBe(true);
    expect(result.samples).toHaveLength(9);
    expect(result.language).toBe("en");
    const lines: TestsetSample[] = result.samples.map((s) => testsetSampleSchema.parse(JSON.parse(JSON.stringify(s))));
    expect(lines).toEqual(result.samples);
    for (const s of result.samples) {
      for (const [i, src] of s.sources.entries()) expect(DOCUMENTS[src.document]!.slice(src.start, src.end)).toBe(s.reference_contexts[i]);
      expect(Object.keys(s.checks).sort()).toEqual(["duplicate", "grounded", "leakage", "standalone"]);
      expect(Object.values(s.checks).every((c) => c!.pass)).toBe(true);
      expect(s.persona_name).toMatch(/^Reader \d$/);
    }
    for (const name of SYNTHESIZERS) expect(result.samples.filter((s) => s.synthesizer_name === name)).toHaveLength(3);
    expect(result.samples.filter((s) => s.synthesizer_name !== "single_hop_specific_query_synthesizer").every((s) => s.reference_contexts.length === 2)).toBe(
      true,
    );
    expect(new Set(result.samples.map((s) => s.user_input)).size).toBe(9);
    // Every document gets a question before any gets a third (four documents, nine questions).
    const perDoc = new Map<string, number>();
    for (const s of result.samples) for (const d of new Set(s.sources.map((x) => x.document))) perDoc.set(d, (perDoc.get(d) ?? 0) + 1);
    expect(perDoc.size).toBe(4);
    expect(result.usage.chatRequests).toBeGreaterThan(0);
  });

  it("a Chinese corpus gives Chinese questions and references (language detected), quick mode", async () => {
    const result = await generateTestset(CHINESE_CHUNKS, { ...base, mode: "quick", size: 4 }, ports());
    expect(result.language).toBe("zh");
    expect(result.samples).toHaveLength(4);
    for (const s of result.samples) {
      expect(s.synthesizer_name).toBe("quick");
      expect(s.user_input).toMatch(/[\u4e00-\u9fff]/u);
      expect(s.user_input).toMatch(/^关于/u);
    }
  });

  it("language auto writes each question in its contexts' language: Chinese chunks of a mixed corpus give Chinese questions", async () => {
    const result = await generateTestset([...ENGLISH_CHUNKS, ...CHINESE_CHUNKS], { ...base, mode: "quick", size: 14, checks: [] }, ports());
    expect(result.language).toBe("en");
    const chinese = result.samples.filter((s) => s.reference_contexts.every((c) => /[\u4e00-\u9fff]/u.test(c)));
    const english = result.samples.filter((s) => s.reference_contexts.every((c) => !/[\u4e00-\u9fff]/u.test(c)));
    expect(chinese.length).toBeGreaterThan(0);
    expect(english.length).toBeGreaterThan(0);
    for (const s of chinese) expect(s.user_input).toMatch(/^关于/u);
    for (const s of english) expect(s.user_input).toMatch(/^What exactly/u);
    // No checks asked: none recorded, and still no two questions alike.
    expect(result.samples.every((s) => Object.keys(s.checks).length === 0)).toBe(true);
    expect(new Set(result.samples.map((s) => s.user_input)).size).toBe(14);
  });

  it("the same seed over the same replies gives the same lines; a rerun over the cache sends nothing", async () => {
    const cache = new MemoryResponseCache();
    const first = await generateTestset(ENGLISH_CHUNKS, { ...base, size: 6 }, ports(cache));
    mock.resetLog();
    const again = await generateTestset(ENGLISH_CHUNKS, { ...base, size: 6 }, ports(cache));
    expect(again.samples).toEqual(first.samples);
    expect(mock.log.filter((r) => r.kind === "chat" || r.kind === "embedding")).toHaveLength(0);
    expect(again.usage.chatRequests).toBe(0);
    expect(again.usage.cachedRequests).toBeGreaterThan(0);
  });
});
