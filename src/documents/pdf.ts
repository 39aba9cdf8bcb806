import { getDocumentProxy } from "unpdf";
import type { SourceDocument } from "../engine/text/document";
import { type Block, documentFromBlocks } from "./blocks";

/**
 * A PDF's text layer through unpdf (pdf.js built for Node and browsers alike). Lines are rebuilt from
 * the text items; wrapped lines join into paragraphs (the sentence splitter ends a sentence at every
 * line break, and a PDF breaks lines mid-sentence); a line set in a larger font than the body is a
 * heading, its level by the rank of its size. A PDF whose pages carry no text at all is a scan.
 */
export class ScannedPdfError extends Error {
  override name = "ScannedPdfError";
}

interface Line {
  text: string;
  height: number;
  y: number;
  page: number;
}

interface TextItem {
  str: string;
  height: number;
  hasEOL: boolean;
  transform: number[];
}

export async function parsePdf(path: string, bytes: Uint8Array): Promise<SourceDocument> {
  // pdf.js takes ownership of the buffer it is given; it gets a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  const lines: Line[] = [];
  for (let page = 1; page <= pdf.numPages; page++) {
    const content = await (await pdf.getPage(page)).getTextContent();
    lines.push(
      ...linesOf(
        content.items.flatMap((item) => ("str" in item ? [item] : [])),
        page,
      ),
    );
  }
  if (pdf.numPages > 0 && lines.length === 0) throw new ScannedPdfError(`${pdf.numPages} page(s) and no text layer`);
  return documentFromBlocks(path, blocksOf(lines));
}

function linesOf(items: TextItem[], page: number): Line[] {
  const lines: Line[] = [];
  let text = "";
  let height = 0;
  let y = Number.NaN;
  const flush = () => {
    const clean = text.replace(/\s+/g, " ").trim();
    if (clean) lines.push({ text: clean, height, y, page });
    text = "";
    height = 0;
    y = Number.NaN;
  };
  for (const item of items) {
    const itemY = item.transform[5] ?? 0;
    if (item.str.trim() !== "" && !Number.isNaN(y) && Math.abs(itemY - y) > Math.max(height, item.height) / 2) flush();
    text += item.str;
    if (item.str.trim() !== "") {
      height = Math.max(height, item.height);
      if (Number.isNaN(y)) y = itemY;
    }
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
}

function blocksOf(lines: Line[]): Block[] {
  const body = bodyHeight(lines);
  const headingSizes = [...new Set(lines.filter((l) => isHeading(l, body)).map((l) => round(l.height)))].sort((a, b) => b - a);
  const blocks: Block[] = [];
  let previous: Line | null = null;
  for (const line of lines) {
    const heading = isHeading(line, body);
    const last = blocks[blocks.length - 1];
    const continues =
      previous !== null &&
      last !== undefined &&
      last.level === undefined &&
      !heading &&
      previous.page === line.page &&
      round(previous.height) === round(line.height) &&
      Math.abs(previous.y - line.y) < line.height * 1.8;
    if (continues) last.text = joinLines(last.text, line.text);
    else blocks.push(heading ? { text: line.text, level: headingSizes.indexOf(round(line.height)) + 1 } : { text: line.text });
    previous = line;
  }
  return blocks;
}

/** The body font: the height carrying the most characters. */
function bodyHeight(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) weight.set(round(line.height), (weight.get(round(line.height)) ?? 0) + line.text.length);
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

function isHeading(line: Line, body: number): boolean {
  return body > 0 && line.height >= body * 1.15 && line.text.length <= 200;
}

const CJK_END = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]$/u;
const CJK_START = /^[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/u;

/** Wrapped lines join with a space, except between CJK characters (no spaces there) and after a hyphenated break. */
function joinLines(a: string, b: string): string {
  if (/\p{L}-$/u.test(a) && /^\p{Ll}/u.test(b)) return a.slice(0, -1) + b;
  if (CJK_END.test(a) && CJK_START.test(b)) return a + b;
  return `${a} ${b}`;
}

function round(height: number): number {
  return Math.round(height * 10) / 10;
}
