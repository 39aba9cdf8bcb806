import mammoth from "mammoth";
import { parseHTML } from "linkedom";
import type { SourceDocument } from "../engine/text/document";
import { documentFromBlocks } from "./blocks";
import { domBlocks } from "./dom-blocks";

/**
 * A Word document through mammoth, which maps Word's heading styles (Heading 1, Heading 2, ...) to
 * <h1>, <h2>: the headings come from the author's styles. Its HTML is read into blocks like a page's.
 */
export async function parseDocx(path: string, bytes: Uint8Array): Promise<SourceDocument> {
  const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  // mammoth's browser build reads `arrayBuffer`, its Node build `buffer`; both accept an ArrayBuffer.
  const input = Object.assign({ arrayBuffer }, { buffer: arrayBuffer });
  const { value } = await mammoth.convertToHtml(input);
  const { document } = parseHTML(`<!doctype html><html><body>${value}</body></html>`);
  return documentFromBlocks(path, domBlocks(document.body));
}
