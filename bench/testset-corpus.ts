import { chunkDocument } from "../src/engine/text/chunk";
import type { Chunk } from "../src/engine/text/document";
import { seededRandom } from "../src/engine/math/random";
import { tokens } from "../test/mock/tokens";

/**
 * The bench's corpus for issue 28's must-show 2: 50 English documents of about 3,000 tokens each,
 * written from templates with a seeded generator (no download, the same text on every machine).
 * Documents share people and places, so the entity graph has links, as a real corpus would.
 */

const PEOPLE = Array.from(
  { length: 60 },
  (_, i) =>
    `${["Ada", "Bram", "Chen", "Dara", "Elif", "Femi", "Goran", "Hana", "Ivo", "Jun"][i % 10]} ${["Moreau", "Okafor", "Lindqvist", "Tanaka", "Petrov", "Alvarez"][Math.floor(i / 10)]}`,
);
const PLACES = Array.from(
  { length: 40 },
  (_, i) =>
    `${["North", "South", "East", "West", "Upper", "Lower", "New", "Old"][i % 8]} ${["Harbor", "Valley", "Ridge", "Bay", "Springs"][Math.floor(i / 8)]}`,
);
const THINGS = [
  "water treatment plant",
  "railway depot",
  "public library",
  "wind farm",
  "seed bank",
  "observatory",
  "ferry line",
  "textile mill",
  "hospital wing",
  "weather station",
];
const VERBS = ["opened", "expanded", "was renovated", "was audited", "doubled its capacity", "changed its schedule", "received a grant", "hired new staff"];

export function benchDocuments(count = 50, targetTokens = 3000): { path: string; text: string }[] {
  const random = seededRandom(28);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, (_, d) => {
    const topic = `${pick(PLACES)} ${THINGS[d % THINGS.length]}`;
    const parts = [`# The ${topic} (report ${d + 1})`];
    let section = 0;
    while (tokens(parts.join("\n\n")) < targetTokens) {
      if (parts.length % 6 === 1) parts.push(`## Section ${++section}`);
      const year = 1950 + Math.floor(random() * 70);
      const sentences = Array.from({ length: 4 }, () => {
        const who = pick(PEOPLE);
        const where = pick(PLACES);
        return `In ${year + Math.floor(random() * 5)}, the ${topic} ${pick(VERBS)} under ${who}, who had worked in ${where} for ${2 + Math.floor(random() * 20)} years and reported ${100 + Math.floor(random() * 900)} visitors a month.`;
      });
      parts.push(sentences.join(" "));
    }
    return { path: `doc-${String(d + 1).padStart(2, "0")}.md`, text: parts.join("\n\n") };
  });
}

/**
 * ragas's splitter makes 500-1000-token chunks and its formula assumes ~750 (4 per 3,000-token
 * document). Our chunker never passes its budget, so a budget of ragas's upper bound, 1,000, gives
 * chunks of about that size: the same chunk count on both sides.
 */
const BENCH_CHUNK_TOKENS = 1000;

export function benchChunks(docs: readonly { path: string; text: string }[]): Chunk[] {
  return docs.flatMap((d) => chunkDocument({ path: d.path, text: d.text, headings: [] }, { maxTokens: BENCH_CHUNK_TOKENS }));
}
