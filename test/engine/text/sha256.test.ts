import { describe, expect, it } from "vitest";
import { allPrompts, canonicalJson, promptHash, sha256Hex } from "../../../src/engine";

/**
 * Saved prompt versions, cache keys and reports store prompt hashes, so a hash must not move by
 * accident: the text hashes were computed with the hand-written SHA-256 this project carried
 * before @noble/hashes, and a prompt hash changes only with a new prompt version. Version 2 of the
 * two verdict prompts (positional verdicts, contract 8) is such a change; version 1 hashed to
 * 61c799f3aeedc498 (faithfulness) and 37189055ad2a3017 (context precision).
 */
const BUILT_IN_PROMPT_HASHES: Record<string, string> = {
  "faithfulness.statements": "66093f4f6db2e0e3",
  "faithfulness.verdicts": "801a41f3d986099b",
  "answer_relevancy.questions": "1392cae32a49acb1",
  "context_relevance.sentences": "56566f1290595c8b",
  "context_precision.verdicts": "ea88f3487e11229e",
  "context_recall.statements": "2352fa111cc374a3",
  // Issue 16: answer correctness, factual correctness and noise sensitivity reuse faithfulness's two.
  "factual_correctness.claims": "a6c668a3fc698d9c",
  "context_entity_recall.entities": "8d49bd91d1ec5b99",
  "context_utilization.verdicts": "3d71d601009f9bff",
  "agent_goal_accuracy.with_reference": "f41a43ea7325f5ba",
  "agent_goal_accuracy.without_reference": "f6a45e7e58258d94",
  "topic_adherence.turns": "8cc1ab3c78733270",
};

const TEXT_HASHES: [string, string][] = [
  ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
  ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
  ["The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"],
  ["忠实度：答案中的每个陈述都必须能从上下文中推断出来。", "2d2d90adb0f7a95e50ebcb01582d3b6aa84bee65855286510e7b6aa2b7aac4af"],
  ["emoji 🎯🧪 ✅ — ok", "f515e103c31e4f27d1817d7db437cc975335d889ee1c9a697a26245e32909176"],
  // Lengths around the 64-byte block edge (55 and 56 bytes need one and two padding blocks).
  ["x".repeat(55), "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"],
  ["y".repeat(56), "4877e564e5e36e367c7c8d59670774becd3350610b6df4c399c9fa9b66da5813"],
  ["z".repeat(64), "72996563049cc84daa2c3f31fd5c3d10770e69d6ebbb8da5b6d76db303dbae43"],
  ["a".repeat(1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"],
];

describe("prompt hashes pinned: a change is a new prompt version", () => {
  it.each(allPrompts().map((p) => [p.id, p] as const))("built-in prompt %s keeps its hash", (id, prompt) => {
    expect(promptHash(prompt)).toBe(BUILT_IN_PROMPT_HASHES[id]);
  });

  it("covers every built-in prompt", () => {
    expect(
      allPrompts()
        .map((p) => p.id)
        .sort(),
    ).toEqual(Object.keys(BUILT_IN_PROMPT_HASHES).sort());
  });

  it.each(TEXT_HASHES)("sha256Hex(%j) is unchanged", (text, hex) => {
    expect(sha256Hex(text)).toBe(hex);
  });

  it("canonicalJson sorts keys at every depth and drops undefined", () => {
    expect(canonicalJson({ b: [1, { d: "中", c: null, e: undefined }], a: "🎯" })).toBe('{"a":"🎯","b":[1,{"c":null,"d":"中"}]}');
  });
});
