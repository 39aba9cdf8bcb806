import type { Block } from "./blocks";

/**
 * Reading-order blocks of an HTML tree (Readability's article, mammoth's DOCX rendering): each
 * heading is a block with its level, each paragraph-like element a block, inline text is joined and its
 * whitespace collapsed as a browser would render it, and <pre> keeps its lines. Works on any DOM with
 * the standard node API (linkedom in Node and in the parsing worker alike, so both give the same text).
 */
interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

const BLOCK = new Set([
  "ADDRESS",
  "ARTICLE",
  "ASIDE",
  "BLOCKQUOTE",
  "BODY",
  "DD",
  "DETAILS",
  "DIV",
  "DL",
  "DT",
  "FIGCAPTION",
  "FIGURE",
  "FOOTER",
  "FORM",
  "HEADER",
  "HR",
  "LI",
  "MAIN",
  "NAV",
  "OL",
  "P",
  "PRE",
  "SECTION",
  "SUMMARY",
  "TABLE",
  "TBODY",
  "TD",
  "TFOOT",
  "TH",
  "THEAD",
  "TR",
  "UL",
  "BR",
]);
const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "HEAD"]);
const HEADING = /^H([1-6])$/;
const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

export function domBlocks(root: DomNode): Block[] {
  const blocks: Block[] = [];
  let inline = "";
  const flush = () => {
    const text = inline.replace(/\s+/g, " ").trim();
    if (text) blocks.push({ text });
    inline = "";
  };
  const walk = (node: DomNode) => {
    if (node.nodeType === TEXT_NODE) {
      inline += node.textContent ?? "";
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const name = node.nodeName.toUpperCase();
    if (SKIP.has(name)) return;
    const heading = HEADING.exec(name);
    if (heading?.[1]) {
      flush();
      const text = (node.textContent ?? "").replace(/\s+/g, " ").trim();
      if (text) blocks.push({ text, level: Number(heading[1]) });
      return;
    }
    if (name === "PRE") {
      flush();
      const text = (node.textContent ?? "").replace(/\r\n?/g, "\n").replace(/^\n+|\s+$/g, "");
      if (text) blocks.push({ text });
      return;
    }
    const block = BLOCK.has(name);
    if (block) flush();
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) flush();
  };
  walk(root);
  flush();
  return blocks;
}
