import { describe, expect, it } from "vitest";
import { ChunkFileError, parseChunkFile } from "../../src/documents/chunk-file";
import { chunksFromTexts } from "../../src/engine/text/own-chunks";

describe("parseChunkFile (use my chunks)", () => {
  it("reads JSONL rows of objects or strings, naming each chunk by its document or its row", () => {
    const jsonl = '{"text":"Refunds take five days.","source":"faq.md"}\n\n"退款需要五天。"\n{"page_content":"Press start.","document":"manual.pdf"}\n';
    expect(parseChunkFile("chunks.jsonl", jsonl)).toEqual([
      { document: "faq.md", text: "Refunds take five days." },
      { document: "chunks.jsonl#2", text: "退款需要五天。" },
      { document: "manual.pdf", text: "Press start." },
    ]);
  });

  it("reads a JSON list and a CSV with a text column (quoted newlines kept)", () => {
    expect(parseChunkFile("c.json", '["a b c", {"content": "d e f"}]')).toEqual([
      { document: "c.json#1", text: "a b c" },
      { document: "c.json#2", text: "d e f" },
    ]);
    const csv = 'id,content,source\n1,"Line one.\nLine two.",guide.md\n2,第二块。,\n';
    const rows = parseChunkFile("c.csv", csv);
    expect(rows).toEqual([
      { document: "guide.md", text: "Line one.\nLine two." },
      { document: "c.csv#2", text: "第二块。" },
    ]);
    expect(chunksFromTexts(rows).chunks.map((c) => [c.document, c.text])).toEqual([
      ["guide.md", "Line one.\nLine two."],
      ["c.csv#2", "第二块。"],
    ]);
  });

  it("names the file, row and field of a bad row, and refuses other formats", () => {
    expect(() => parseChunkFile("c.jsonl", '{"text":"ok"}\n{"body":"no text key"}\n')).toThrow(
      "c.jsonl, row 2, field text: no text: expected a string under one of text, content, page_content, chunk",
    );
    expect(() => parseChunkFile("c.jsonl", '{"text":"ok"}\n{oops\n')).toThrow("c.jsonl, row 2: not JSON");
    expect(() => parseChunkFile("c.csv", "a,b\n1,2\n")).toThrow("c.csv: no column named text, content, page_content, chunk");
    expect(() => parseChunkFile("c.xlsx", "")).toThrow(ChunkFileError);
  });
});
