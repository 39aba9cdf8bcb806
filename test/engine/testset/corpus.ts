import type { SourceChunk } from "../../../src/engine/testset";
import { sha256Hex } from "../../../src/engine/text/sha256";

/**
 * A small corpus in code (four English documents, two Chinese) and a paragraph chunker with
 * exact offsets: the engine's tests need chunks, not the document parsers (test/documents has those).
 */

const EN: Record<string, string> = {
  "rivers.md": `# Rivers\n\nThe Danube flows through ten countries and empties into the Black Sea. It is about 2,850 km long.\n\nThe Rhine rises in the Swiss Alps and reaches the North Sea in the Netherlands. Barges carry coal and grain on the Rhine.\n\nThe Volga is the longest river in Europe. It flows into the Caspian Sea near Astrakhan.`,
  "telescopes.md": `# Telescopes\n\nThe Hubble Space Telescope was launched in 1990 aboard the shuttle Discovery. A flaw in its mirror was corrected in 1993.\n\nThe James Webb Space Telescope observes in the infrared. It orbits the Sun near the second Lagrange point.\n\nThe Very Large Telescope in Chile has four unit telescopes with 8.2 metre mirrors.`,
  "returns.txt": `Returns policy of Northwind Stores.\n\nItems may be returned within 30 days with a receipt. Refunds go to the original card within 5 working days.\n\nElectronics must be returned unopened. Northwind Stores offers store credit for items without a receipt.`,
  "bridges.txt": `The Golden Gate Bridge opened in 1937 in San Francisco. Its main span is 1,280 metres long.\n\nThe Tower Bridge in London opened in 1894. Its bascules rise to let ships pass on the Thames.`,
};
const ZH: Record<string, string> = {
  "leave.md": `# 休假制度\n\n员工每年享有15天带薪年假。未休完的年假可顺延至次年三月。\n\n病假需提供医院证明。病假期间工资按基本工资的百分之八十发放。`,
  "dujiangyan.txt": `都江堰由李冰父子于公元前256年主持修建。它至今仍在灌溉成都平原。\n\n都江堰由鱼嘴、飞沙堰和宝瓶口三部分组成。鱼嘴把岷江分为内江和外江。`,
};

/** Paragraphs (split at blank lines) as chunks: text === document.slice(start, end). */
function paragraphChunks(name: string, text: string): SourceChunk[] {
  const out: SourceChunk[] = [];
  const re = /[^\n]+(?:\n[^\n]+)*/g;
  for (const m of text.matchAll(re)) {
    const piece = m[0];
    if (piece.trim().length < 20 || piece.startsWith("#")) continue;
    const start = m.index;
    out.push({ id: sha256Hex(`${name}\n${start}\n${piece}`).slice(0, 16), document: name, start, end: start + piece.length, text: piece });
  }
  return out;
}

export const DOCUMENTS: Record<string, string> = { ...EN, ...ZH };
export const ENGLISH_CHUNKS = Object.entries(EN).flatMap(([name, text]) => paragraphChunks(name, text));
export const CHINESE_CHUNKS = Object.entries(ZH).flatMap(([name, text]) => paragraphChunks(name, text));
