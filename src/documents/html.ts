import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import type { SourceDocument } from "../engine/text/document";
import { type Block, documentFromBlocks } from "./blocks";
import { domBlocks } from "./dom-blocks";

/**
 * An HTML page's article: Readability drops navigation, footers and ads, and its article's headings
 * are the document's. linkedom gives the DOM in Node, in the browser and in a worker (where DOMParser
 * does not exist), so the CLI and the app extract the same text. A page Readability finds no article
 * in (a short or unusual one) is read whole from its body.
 */
export function parseHtml(path: string, html: string): SourceDocument {
  const { document } = parseHTML(html);
  const page = domBlocks(document.body ?? document.documentElement);
  // Readability edits the tree it reads; it gets its own copy.
  const article = new Readability(parseHTML(html).document).parse();
  if (!article?.content) return documentFromBlocks(path, page);
  const content = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document;
  const blocks = domBlocks(content.body);
  return documentFromBlocks(path, withTitle(article.title ?? "", blocks));
}

/** Readability lifts the page's title out of the article; it heads the document again. */
function withTitle(title: string, blocks: Block[]): Block[] {
  const clean = title.replace(/\s+/g, " ").trim();
  if (!clean || blocks[0]?.text === clean) return blocks;
  return [{ text: clean, level: 1 }, ...blocks];
}
