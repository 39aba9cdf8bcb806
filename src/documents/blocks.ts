import type { DocumentHeading, SourceDocument } from "../engine/text/document";

/**
 * Formats without a text of their own (HTML, DOCX, PDF) are read as blocks: paragraphs and headings in
 * reading order. The document's text is the blocks joined by a blank line, and each heading block is
 * recorded at the offset where it lands, so headings come from the format, never from an LLM.
 */
export interface Block {
  text: string;
  /** 1-6 for a heading block, absent for body text. */
  level?: number;
}

export function documentFromBlocks(path: string, blocks: readonly Block[]): SourceDocument {
  const parts: string[] = [];
  const headings: DocumentHeading[] = [];
  let offset = 0;
  for (const block of blocks) {
    const text = block.text.trim();
    if (text === "") continue;
    if (parts.length > 0) offset += 2;
    if (block.level !== undefined) headings.push({ level: Math.min(6, Math.max(1, block.level)), text, start: offset });
    parts.push(text);
    offset += text.length;
  }
  return { path, text: parts.join("\n\n"), headings };
}
