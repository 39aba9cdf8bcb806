import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_EXTENSIONS, MIN_DOCUMENT_TOKENS, parseDocument, parseDocuments } from "../../src/documents/parse";
import { chunkDocument } from "../../src/engine/text/chunk";
import {
  chunkSchema,
  type DocumentResult,
  SKIP_REASONS,
  type SourceDocument,
  skippedDocumentSchema,
  sourceDocumentSchema,
} from "../../src/engine/text/document";

/** The mixed corpus made by test/fixtures/documents/make_corpus.py (Chromium prints the PDFs, python-docx writes the DOCX). */
const DIR = join(import.meta.dirname, "../fixtures/documents/corpus");
const NAMES = readdirSync(DIR).sort();

let results: DocumentResult[];
const docs = new Map<string, SourceDocument>();

beforeAll(async () => {
  const files = NAMES.map((name) => ({ path: name, bytes: new Uint8Array(readFileSync(join(DIR, name))) }));
  // two files no corpus folder would hold, mixed in: one bad document never stops the rest
  files.splice(3, 0, { path: "notes.rtf", bytes: new TextEncoder().encode("{\\rtf1 hello}") });
  files.splice(6, 0, { path: "latin1.txt", bytes: new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x61]) });
  results = await parseDocuments(files);
  for (const r of results) if (r.ok) docs.set(r.document.path, r.document);
  // the first PDF and DOCX load their libraries (pdf.js, mammoth): seconds on a busy machine
}, 120_000);

describe("the test corpus, parsed", () => {
  it("has at least 12 documents of every format, and each is parsed or skipped with its reason", () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(NAMES.map((n) => n.split(".").pop()))).toEqual(new Set(["md", "txt", "html", "pdf", "docx"]));
    expect(results).toHaveLength(NAMES.length + 2);
    const skipped = Object.fromEntries(results.flatMap((r) => (r.ok ? [] : [[r.skipped.path, r.skipped.reason]])));
    expect(skipped).toEqual({
      "broken.docx": "unreadable",
      "broken.pdf": "unreadable",
      "empty.txt": "empty",
      "scanned.pdf": "scanned_pdf",
      "tiny.md": "too_short",
      "notes.rtf": "unsupported",
      "latin1.txt": "unreadable",
    });
    expect([...docs.keys()].sort()).toEqual([
      "en-long.md",
      "en-page.html",
      "en-print.pdf",
      "en-report.docx",
      "en-short.txt",
      "zh-panda.txt",
      "zh-print.pdf",
      "zh-silk.html",
      "zh-tea.docx",
      "zh-tea.md",
    ]);
    for (const r of results) if (!r.ok) expect(skippedDocumentSchema.parse(r.skipped).message.startsWith(`${r.skipped.path}: `)).toBe(true);
    expect(new Set(Object.values(skipped))).toEqual(new Set(SKIP_REASONS));
  });

  it("says why a document was skipped, in words", async () => {
    const messages = Object.fromEntries(results.flatMap((r) => (r.ok ? [] : [[r.skipped.path, r.skipped.message]])));
    expect(messages["tiny.md"]).toBe(`tiny.md: has about 3 tokens of text, fewer than ${MIN_DOCUMENT_TOKENS}`);
    expect(messages["scanned.pdf"]).toBe("scanned.pdf: no text to read: 1 page(s) and no text layer; run OCR on it first");
    expect(messages["notes.rtf"]).toBe(`notes.rtf: .rtf is not a document format we read (${DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(", ")})`);
    expect(messages["broken.pdf"]).toBe("broken.pdf: could not be read as .pdf: Invalid PDF structure.");
    expect(await parseDocument({ path: "README", bytes: new Uint8Array([65]) })).toEqual({
      ok: false,
      skipped: {
        path: "README",
        reason: "unsupported",
        message: "README: .(no extension) is not a document format we read (.md, .markdown, .txt, .html, .htm, .pdf, .docx)",
      },
    });
  });

  it(".md and .txt keep the file's own text; markdown headings come from its syntax", () => {
    expect(docs.get("en-long.md")?.text).toBe(readFileSync(join(DIR, "en-long.md"), "utf8"));
    expect(docs.get("zh-panda.txt")?.text).toBe(readFileSync(join(DIR, "zh-panda.txt"), "utf8"));
    expect(docs.get("zh-tea.md")?.headings.map((h) => [h.level, h.text])).toEqual([
      [1, "茶"],
      [2, "茶的起源"],
      [2, "六大茶类"],
      [2, "冲泡方法"],
      [2, "茶与贸易"],
    ]);
  });

  it("HTML keeps the article (Readability drops navigation and footer) with its headings", () => {
    const page = docs.get("en-page.html")!;
    expect(page.headings.map((h) => [h.level, h.text])).toEqual([
      [1, "Climate and bees"],
      [2, "Human climate niche"],
      [2, "Dasypoda radchenkoi"],
    ]);
    expect(page.text).toContain("The human climate niche is the ensemble of climate conditions");
    expect(page.text).not.toContain("Contact");
    expect(page.text).not.toContain("Copyright notice");
    expect(docs.get("zh-silk.html")?.text).toContain("佛教经由中亚传入中国，造纸术则向西传到阿拉伯世界。");
  });

  it("DOCX headings come from Word's heading styles", () => {
    expect(docs.get("en-report.docx")?.headings.map((h) => [h.level, h.text])).toEqual([
      [1, "Food companies"],
      [2, "Fremantle Octopus"],
      [2, "FoodFutureCo"],
    ]);
    expect(docs.get("zh-tea.docx")?.headings.map((h) => [h.level, h.text])).toEqual([
      [1, "茶叶简介"],
      [2, "茶的起源"],
      [2, "六大茶类"],
    ]);
    expect(docs.get("zh-tea.docx")?.text).toContain("唐代陆羽写成《茶经》，系统记录了种茶、制茶和饮茶的方法。");
  });

  it("PDF text joins wrapped lines into sentences (no space inside Chinese) and larger fonts are headings", () => {
    const en = docs.get("en-print.pdf")!;
    expect(en.headings.map((h) => [h.level, h.text])).toEqual([
      [1, "Fiat Ecobasic"],
      [2, "Fiat Ecobasic"],
      [2, "Theranostics"],
    ]);
    expect(en.text).toContain("in a structure made of fully recyclable composite materials and whose production");
    const zh = docs.get("zh-print.pdf")!;
    expect(zh.headings.map((h) => h.text)).toEqual(["茶与丝绸之路", "冲泡方法", "茶与贸易", "丝绸之路"]);
    expect(zh.text).toContain("冲泡绿茶时，水温一般在八十度左右，过热的水会烫熟嫩芽。乌龙茶适合用沸水冲泡，并且可以多次续水。");
  });

  it("every heading sits at its offset, and every chunk is its document's text between its offsets", () => {
    for (const doc of docs.values()) {
      for (const h of doc.headings) {
        const line = doc.text.slice(h.start, doc.text.indexOf("\n", h.start) >>> 0 || undefined);
        expect(line).toContain(h.text);
      }
      expect(sourceDocumentSchema.parse(doc)).toEqual(doc);
      const chunks = chunkDocument(doc);
      expect(chunks.length).toBeGreaterThan(0);
      for (const c of chunks) expect(doc.text.slice(chunkSchema.parse(c).start, c.end)).toBe(c.text);
    }
    expect(chunkDocument(docs.get("en-long.md")!).length).toBe(7);
  });
});
