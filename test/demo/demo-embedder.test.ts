import { describe, expect, it } from "vitest";
import { createDemoEmbedder, demoVector } from "../../src/demo";
import { demoFeatures } from "../../src/demo/demo-embedder";
import { cosine } from "../../src/engine/math/cosine";

describe("the demo embedder", () => {
  it("is deterministic and L2-normalised", () => {
    const a = demoVector("Where is the Eiffel Tower?");
    expect(demoVector("Where is the Eiffel Tower?")).toEqual(a);
    expect(Math.hypot(...a)).toBeCloseTo(1, 12);
  });

  it("puts related texts closer than unrelated ones, in English and Chinese", () => {
    const q = demoVector("When does the PSLV-C56 mission launch?");
    expect(cosine(q, demoVector("What is the launch date of the PSLV-C56 mission?"))).toBeGreaterThan(
      cosine(q, demoVector("How do I return an online order?")),
    );
    const zh = demoVector("上海中心大厦有多高？");
    expect(cosine(zh, demoVector("上海中心大厦的高度是多少？"))).toBeGreaterThan(cosine(zh, demoVector("VPN账号怎么申请？")));
  });

  it("uses words without stopwords and CJK character bigrams", () => {
    expect(demoFeatures("What is the VPN账号?")).toEqual(["vpn", "账号"]);
    expect(demoFeatures("上海中心")).toEqual(["上海", "海中", "中心"]);
  });

  it("embeds every text in one call, which it logs", async () => {
    const reply = await createDemoEmbedder().embed({ texts: ["a b", "c d"], promptId: "answer_relevancy.embeddings" });
    expect(reply.vectors).toHaveLength(2);
    expect(reply.call).toMatchObject({ kind: "embedding", model: "demo-embedder (local)", ms: 0, cached: false, attempts: 1 });
  });

  it("a zero vector for text without words, not NaN", () => {
    expect(demoVector("?!").every((x) => x === 0)).toBe(true);
  });
});
