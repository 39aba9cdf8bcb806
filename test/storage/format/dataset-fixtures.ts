import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Where make-fixtures.py and make-parquet.mjs put their files. */
export const DATASETS = fileURLToPath(new URL("../../fixtures/datasets/", import.meta.url));
export const BROKEN = fileURLToPath(new URL("../../fixtures/broken/", import.meta.url));

export function fixtureBytes(dir: string, name: string): { name: string; bytes: Uint8Array } {
  return { name, bytes: readFileSync(`${dir}${name}`) };
}

/** The rows make-fixtures.py writes (its ROWS), as samples: every file must read back to exactly these. */
export const EXPECTED_CONTEXTS: string[][] = [
  ["The Eiffel Tower was built from 1887 to 1889.", "It's named after Gustave Eiffel, whose company built it."],
  ['The sign said "no entry"; nobody said why.', "Line one\nline two, with a comma", "C:\\temp\\file and a\ttab"],
  ["长城全长约21196公里。", "It's both 'quoted' and \"double quoted\" 🚀"],
  ["The Seine flows through Paris.", ...[1, 2, 3, 4, 5].map((i) => `Paris fact number ${i}, which is long enough to wrap a numpy line.`)],
];
export const EXPECTED_QUESTIONS = ["When was the Eiffel Tower built?", "What did the sign say?", "长城有多长？", "Which rivers flow through Paris?"];
export const EXPECTED_REFERENCES = ["1887 to 1889", 'It said "no entry".', "21196 公里", "The Seine"];
