import { describe, expect, it } from "vitest";
import { chunkId } from "../../../src/engine/text/chunk";
import { chunksFromTexts } from "../../../src/engine/text/own-chunks";

describe("chunksFromTexts (use my chunks)", () => {
  it("makes one whole-text chunk per distinct text, dropping empty and repeated ones", () => {
    const { documents, chunks } = chunksFromTexts([
      { document: "faq.jsonl", text: "Refunds take five days." },
      { document: "faq.jsonl", text: "退款需要五天。" },
      { document: "faq.jsonl", text: "Refunds take five days." },
      { document: "faq.jsonl", text: "  " },
      { document: "manual", text: "Press start." },
    ]);
    expect(documents.map((d) => d.path)).toEqual(["faq.jsonl", "faq.jsonl#2", "manual"]);
    expect(chunks.map((c) => [c.document, c.start, c.end, c.text])).toEqual([
      ["faq.jsonl", 0, 23, "Refunds take five days."],
      ["faq.jsonl#2", 0, 7, "退款需要五天。"],
      ["manual", 0, 12, "Press start."],
    ]);
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.text).toBe(documents[i]?.text.slice(chunk.start, chunk.end));
      expect(chunk.id).toBe(chunkId(chunk.document, 0, chunk.text.length, chunk.text));
    }
  });
});
