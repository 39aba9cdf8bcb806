import { describe, expect, it } from "vitest";
import { duplicateCheck, standaloneCheck } from "../../../src/engine/testset/gate";
import { entityPairs, type GraphNode, normalizeEntity } from "../../../src/engine/testset/graph";
import { ENGLISH_CHUNKS } from "./corpus";

describe("the free checks", () => {
  it.each([
    ["According to the document, when did the Hubble launch?", '"According to the document"'],
    ["What does the passage above say about refunds?", '"the passage above"'],
    ["Based on the provided context, how long is the Danube?", '"Based on the provided context"'],
    ["根据上文，年假有几天？", '"根据上文"'],
    ["文中提到的鱼嘴有什么作用？", '"文中提到"'],
  ])("standalone rejects %j, quoting %s", (question, quoted) => {
    const r = standaloneCheck(question);
    expect(r.pass).toBe(false);
    expect(r.reason).toContain(quoted);
  });

  it.each(["When was the Hubble Space Telescope launched?", "In this century, which telescope observes in the infrared?", "都江堰是谁修建的？"])(
    "standalone accepts %j",
    (question) => expect(standaloneCheck(question).pass).toBe(true),
  );

  it("duplicate: the same text after case and punctuation, or cosine >= 0.95, to an accepted question", () => {
    const accepted = [{ normalized: "how long is the danube", vector: [1, 0, 0] }];
    expect(duplicateCheck("How long is the Danube?!", [0, 1, 0], accepted)).toEqual({ pass: false, reason: "the same text as accepted question 1" });
    expect(duplicateCheck("What is the Danube's length?", [0.99, 0.1, 0], accepted)).toEqual({ pass: false, reason: "cosine 0.995 to accepted question 1" });
    const kept = duplicateCheck("Where does the Rhine rise?", [0, 1, 0], accepted);
    expect(kept).toEqual({ pass: true, reason: "no accepted question alike; nearest cosine 0.000" });
    expect(duplicateCheck("Where does the Rhine rise?", undefined, accepted).reason).toContain("text compared only");
  });
});

describe("the graph's entity links", () => {
  it("match entities after NFKC, case and plural folding, and link chunks that share one", () => {
    expect(normalizeEntity("  Northwind   STORES ")).toBe("northwind store");
    expect(normalizeEntity("Ｈｕｂｂｌｅ")).toBe("hubble");
    const nodes: GraphNode[] = ENGLISH_CHUNKS.slice(0, 4).map((chunk, i) => ({
      chunk,
      vector: undefined,
      facts: { themes: [], quality: 4, entities: [["Danube", "Black Sea"], ["Rhine", "north sea"], ["Volga"], ["DANUBE", "North Seas"]][i]! },
    }));
    expect(entityPairs(nodes)).toEqual([
      { a: 0, b: 3, shared: ["danube"] },
      { a: 1, b: 3, shared: ["north sea"] },
    ]);
  });
});
