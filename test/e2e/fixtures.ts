import { fixturePath } from "../fixture-path";
import { readFileSync } from "node:fs";

/** What the sample form takes (test/e2e/browser.ts fillSample). */
export interface SampleInput {
  question: string;
  answer: string;
  contexts: string[];
  reference?: string;
}

const WIKIEVAL = fixturePath("wikieval", "WikiEval_samples_10.json");

interface WikiEvalRow {
  question: string;
  answer: string;
  context_v1: string[];
  source: string;
}

/** A WikiEval row as a sample: the "Question: " / "Answer: " prefixes stripped, reference = answer. */
export function wikiEvalSample(source: string): SampleInput {
  const rows = JSON.parse(readFileSync(WIKIEVAL, "utf8")) as WikiEvalRow[];
  const row = rows.find((r) => r.source === source);
  if (!row) throw new Error(`no WikiEval row with source "${source}"`);
  const question = row.question.replace(/^Question:\s*/, "");
  const answer = row.answer.replace(/^Answer:\s*/, "");
  return { question, answer, contexts: [...row.context_v1], reference: answer };
}

export const MOCK_MODEL = "mock-judge";
export const MOCK_EMBEDDING_MODEL = "mock-embedding";
