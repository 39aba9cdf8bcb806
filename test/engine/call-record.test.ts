import { describe, expect, it } from "vitest";
import { chatCallRecord, embeddingCallRecord } from "../../src/engine/call-record";
import { canonicalJson, sha256Hex } from "../../src/engine/text/sha256";

describe("call records", () => {
  it("a chat call: what was asked, a copy of the messages, zero counts unless given", () => {
    const messages = [{ role: "user" as const, content: "Q?" }];
    const record = chatCallRecord({ promptId: "p", promptHash: "h", promptVersion: "v2" }, "m", messages, "json_schema", { attempts: 2, promptTokens: 7 });
    expect(record).toEqual({
      kind: "chat",
      promptId: "p",
      promptHash: "h",
      promptVersion: "v2",
      model: "m",
      promptTokens: 7,
      completionTokens: 0,
      ms: 0,
      cached: false,
      attempts: 2,
      mode: "json_schema",
      messages: [{ role: "user", content: "Q?" }],
    });
    messages[0]!.content = "edited later";
    expect(record.messages![0]!.content).toBe("Q?");
    expect("promptVersion" in chatCallRecord({ promptId: "p", promptHash: "h" }, "m", [], "text")).toBe(false);
  });

  it("an embeddings call is identified by the hash of its model and texts", () => {
    const record = embeddingCallRecord({ promptId: "answer_relevancy", texts: ["a", "b"] }, "e", { cached: true });
    expect(record).toEqual({
      kind: "embedding",
      promptId: "answer_relevancy",
      promptHash: sha256Hex(canonicalJson({ model: "e", texts: ["a", "b"] })),
      model: "e",
      promptTokens: 0,
      completionTokens: 0,
      ms: 0,
      cached: true,
      attempts: 0,
    });
  });
});
