import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Reference values written by test/fixtures/text-metrics/make.py (sacreBLEU, rouge-score, NLTK, rapidfuzz). */
export interface TextMetricsFixture {
  generatedWith: Record<string, string>;
  bleu: {
    source: string;
    answer: string;
    reference: string;
    options?: {
      smoothMethod?: "exp" | "none" | "floor" | "add-k";
      smoothValue?: number;
      tokenizer?: "13a" | "zh" | "none" | "char";
      lowercase?: boolean;
      effectiveOrder?: boolean;
    };
    expected: number;
    published?: number;
    tokenizer?: "13a" | "zh";
  }[];
  bleuStats: { answer: string; reference: string; matches: number[]; totals: number[] }[];
  zhTokenizerRanges: [number, number][];
  chrf: {
    source: string;
    answer: string;
    reference: string;
    options?: { beta?: number; epsSmoothing?: boolean; whitespace?: boolean };
    expected: number;
    published?: number;
  }[];
  rougeL: {
    source: string;
    answer: string;
    reference: string;
    stem: boolean;
    expected: number;
    published?: number;
    answerTokens?: string[];
    referenceTokens?: string[];
    rougeScoreDropsCjk?: number;
  }[];
  porter: [string, string][];
  strings: { answer: string; reference: string; similarity: number; exactMatch: number; stringPresence: number }[];
}

const path = fileURLToPath(new URL("../../../fixtures/text-metrics/text-metrics.json", import.meta.url));
export const fixture = JSON.parse(readFileSync(path, "utf8")) as TextMetricsFixture;

/** The bar: equal to the reference tools within 1e-3 (on their own 0-100 or 0-1 scale). */
export const TOLERANCE = 1e-3;
