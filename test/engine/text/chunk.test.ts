import { describe, expect, it } from "vitest";
import { chunkDocument, chunkDocuments, chunkId, DEFAULT_CHUNK_TOKENS } from "../../../src/engine/text/chunk";
import { estimateTokens } from "../../../src/engine/text/tokens";
import type { SourceDocument } from "../../../src/engine/text/document";
import { splitSentenceSpans } from "../../../src/engine/text/sentences";
import { sha256Hex } from "../../../src/engine/text/sha256";
import { markdownHeadings } from "../../../src/documents/markdown";

function md(path: string, text: string): SourceDocument {
  return { path, text, headings: markdownHeadings(text) };
}

const EN = `# Guide

## Install

Run the installer. It takes about a minute on most machines.

## Use

Open the app. Pick a file from your disk. Press start and wait. Read the score when it appears.
`;

const ZH = `# 茶

## 起源

茶树原产于中国西南地区。古人最早把茶叶当作药物。唐代陆羽写成《茶经》。

## 冲泡

绿茶用八十度的水。乌龙茶用沸水。
`;

describe("chunkDocument", () => {
  it("keeps whole sections together while they fit, and a heading-only section goes with the text after it", () => {
    const chunks = chunkDocument(md("guide.md", EN), { maxTokens: 40 });
    expect(chunks.map((c) => c.text)).toEqual([
      "# Guide\n\n## Install\n\nRun the installer. It takes about a minute on most machines.",
      "## Use\n\nOpen the app. Pick a file from your disk. Press start and wait. Read the score when it appears.",
    ]);
    expect(chunks.map((c) => c.headings)).toEqual([["Guide"], ["Guide", "Use"]]);
    expect(chunks.map((c) => [c.start, c.end])).toEqual([
      [0, 81],
      [83, 186],
    ]);
  });

  it("cuts at every heading whose section does not fit with the one before, and packs sentences up to the budget", () => {
    const chunks = chunkDocument(md("guide.md", EN), { maxTokens: 12 });
    expect(chunks.map((c) => c.text)).toEqual([
      "# Guide\n\n## Install\n\nRun the installer.",
      "It takes about a minute on most machines.",
      "## Use\n\nOpen the app.",
      "Pick a file from your disk.",
      "Press start and wait.",
      "Read the score when it appears.",
    ]);
  });

  it("packs Chinese sentences (no spaces) without splitting one, and a sentence over the budget stays whole", () => {
    const chunks = chunkDocument(md("茶.md", ZH), { maxTokens: 30 });
    expect(chunks.map((c) => c.text)).toEqual([
      // 3 CJK + 9 other characters (3 tokens) + 12 + 12 = 30 estimated tokens: exactly the budget
      "# 茶\n\n## 起源\n\n茶树原产于中国西南地区。古人最早把茶叶当作药物。",
      "唐代陆羽写成《茶经》。",
      "## 冲泡\n\n绿茶用八十度的水。乌龙茶用沸水。",
    ]);
    expect(chunks[2]?.headings).toEqual(["茶", "冲泡"]);
    const tiny = chunkDocument(md("茶.md", ZH), { maxTokens: 5 });
    const sentences = splitSentenceSpans(ZH).map((s) => s.text);
    // every chunk is one or more whole sentences; "茶树原产于中国西南地区。" (12 tokens) is one chunk though over 5
    expect(tiny.map((c) => c.text)).toContain("茶树原产于中国西南地区。");
    for (const chunk of tiny) expect(sentences.some((s) => chunk.text.includes(s))).toBe(true);
  });

  it("every chunk is the document's text between its offsets, and its id is the content hash", () => {
    for (const doc of [md("guide.md", EN), md("茶.md", ZH)]) {
      for (const budget of [5, 12, 30, 500]) {
        for (const chunk of chunkDocument(doc, { maxTokens: budget })) {
          expect(chunk.text).toBe(doc.text.slice(chunk.start, chunk.end));
          expect(chunk.id).toBe(sha256Hex(`${doc.path}\u0000${chunk.start}\u0000${chunk.end}\u0000${chunk.text}`).slice(0, 16));
          expect(chunk.document).toBe(doc.path);
        }
      }
    }
  });

  it("covers every sentence exactly once, in order", () => {
    const doc = md("guide.md", EN);
    const chunks = chunkDocument(doc, { maxTokens: 12 });
    const covered = chunks.flatMap((c) => splitSentenceSpans(c.text).map((s) => s.text));
    expect(covered).toEqual(splitSentenceSpans(EN).map((s) => s.text));
  });

  it("a document without headings is packed by sentences; an empty one has no chunks", () => {
    const text = "First sentence here. Second sentence here. Third sentence here.";
    const chunks = chunkDocument({ path: "a.txt", text, headings: [] }, { maxTokens: 11 });
    expect(chunks.map((c) => c.text)).toEqual(["First sentence here. Second sentence here.", "Third sentence here."]);
    expect(chunks[0]?.headings).toEqual([]);
    expect(chunkDocument({ path: "e.txt", text: " \n ", headings: [] })).toEqual([]);
  });

  it("by default a chunk holds at most DEFAULT_CHUNK_TOKENS (500) estimated tokens, as many whole sentences as fit", () => {
    const sentence = "This sentence has forty-two characters in it";
    const text = Array.from({ length: 120 }, () => `${sentence}.`).join(" ");
    const chunks = chunkDocument({ path: "long.txt", text, headings: [] });
    expect(DEFAULT_CHUNK_TOKENS).toBe(500);
    expect(sentence.length).toBe(44);
    // 45 characters per sentence with its period, 46 with the space: 43 sentences make 1,977 characters, 495 tokens; 44 would be 506
    expect(chunks.map((c) => splitSentenceSpans(c.text).length)).toEqual([43, 43, 34]);
    for (const c of chunks) expect(estimateTokens(c.text)).toBeLessThanOrEqual(DEFAULT_CHUNK_TOKENS);
  });

  it("the same text gives the same ids; another document or span gives another", () => {
    const a = chunkDocuments([md("a.md", EN), md("b.md", EN)], { maxTokens: 40 });
    expect(a).toHaveLength(4);
    expect(a[0]?.id).not.toBe(a[2]?.id);
    expect(chunkDocument(md("a.md", EN), { maxTokens: 40 })[0]?.id).toBe(a[0]?.id);
    expect(chunkId("a.md", 0, 3, "abc")).toMatch(/^[0-9a-f]{16}$/);
  });
});
