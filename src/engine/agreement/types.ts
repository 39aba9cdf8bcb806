import type { MetricResult } from "../result";

/**
 * The paper's validation (Es et al., section 4, Table 1): for each WikiEval question, three
 * pairwise tasks; a method sees both candidates and must prefer one. DESIGN.md contract 10.
 */
export const AGREEMENT_TASKS = ["faithfulness", "answer_relevancy", "context_relevance"] as const;
export type AgreementTask = (typeof AGREEMENT_TASKS)[number];

/**
 * ragas: our metric on both sides. gpt_score: the judge rates each candidate 0-10.
 * gpt_ranking: the judge picks the better of the two. gpt_score_5: the 1-5 rating variant,
 * answer relevance only.
 */
export const AGREEMENT_METHODS = ["ragas", "gpt_score", "gpt_ranking", "gpt_score_5"] as const;
export type AgreementMethod = (typeof AGREEMENT_METHODS)[number];
export const DEFAULT_METHODS: readonly AgreementMethod[] = ["ragas", "gpt_score", "gpt_ranking"];

/** The tasks a method can judge (the 1-5 variant exists for answer relevance only). */
export function methodTasks(method: AgreementMethod): readonly AgreementTask[] {
  return method === "gpt_score_5" ? ["answer_relevancy"] : AGREEMENT_TASKS;
}

export type Side = "a" | "b";
export type Prediction = Side | "tie";

/** One WikiEval-shaped row, prefixes stripped, list cells read. */
export interface AgreementRow {
  id: string;
  question: string;
  answer: string;
  ungrounded_answer?: string;
  poor_answer?: string;
  context_v1: string[];
  context_v2?: string[];
  source?: string;
  /** User labels per task: "a"/"b" = which side people prefer (pairwise); a number in [0, 1] = an absolute label of `answer` / `context_v1`. */
  human?: Partial<Record<AgreementTask, Side | number>>;
}

export interface AgreementPair {
  id: string;
  /** Sample ids (contract 5) of the two candidates. */
  a: string;
  b: string;
  human: Side;
  scoreA: number | null;
  scoreB: number | null;
  predicted: Prediction;
  resultA?: MetricResult;
  resultB?: MetricResult;
}

/** One cell of Table 1: a method on a task (contract 10 `rows`). */
export interface AgreementRowResult {
  method: AgreementMethod;
  task: AgreementTask;
  n: number;
  correct: number;
  ties: number;
  accuracy: number;
  ci95: [number, number];
  pairs: AgreementPair[];
}

/** Absolute labels (0/1 faithful, say): one candidate, a label, the method's score. */
interface AbsoluteItem {
  id: string;
  sample: string;
  label: number;
  score: number | null;
  predicted: 0 | 1 | null;
  result?: MetricResult;
}

export interface AbsoluteRowResult {
  method: AgreementMethod;
  task: AgreementTask;
  /** A score at or above it predicts label 1. */
  threshold: number;
  n: number;
  correct: number;
  /** Null scores: counted half, like pairwise ties. */
  ties: number;
  accuracy: number;
  ci95: [number, number];
  /** Pearson r of score and label over the scored items; with 0/1 labels this is the point-biserial correlation. */
  correlation: { kind: "pearson" | "point_biserial"; r: number | null; n: number };
  items: AbsoluteItem[];
}

/** Table 1 of the paper (accuracy against the annotators on WikiEval's 50 questions). */
export const PAPER_TABLE_1 = {
  source: "Es et al., RAGAS (arXiv 2309.15217), Table 1: accuracy against human annotators on WikiEval (50 questions), gpt-3.5-turbo-16k",
  ragas: { faithfulness: 0.95, answer_relevancy: 0.78, context_relevance: 0.7 },
  gpt_score: { faithfulness: 0.72, answer_relevancy: 0.52, context_relevance: 0.63 },
  gpt_ranking: { faithfulness: 0.54, answer_relevancy: 0.4, context_relevance: 0.52 },
} as const;
