import type { Sample } from "../sample";
import type { AgreementMethod, AgreementRow, AgreementTask, Side } from "./types";

/**
 * Turns WikiEval-shaped rows into candidate samples (contract 5: one per candidate, with ids) and
 * the pairs each task compares:
 *   faithfulness       answer vs ungrounded_answer, both on context_v1
 *   answer_relevancy   answer vs poor_answer
 *   context_relevance  context_v1 vs context_v2 (same question and answer)
 * The grounded side (`answer` on `context_v1`) is one sample shared by the three tasks.
 */

export interface PairSpec {
  task: AgreementTask;
  id: string;
  a: string;
  b: string;
  human: Side;
}

interface AbsoluteSpec {
  task: AgreementTask;
  id: string;
  sample: string;
  label: number;
}

export interface AgreementPlan {
  samples: Sample[];
  pairs: PairSpec[];
  absolute: AbsoluteSpec[];
}

type Candidate = "answer" | "ungrounded_answer" | "poor_answer" | "context_v2";

/** The sample id of a row's candidate: "<row id>:<column>". */
function candidateId(rowId: string, candidate: Candidate): string {
  return `${rowId}:${candidate}`;
}

const SIDE_B: Record<AgreementTask, Exclude<Candidate, "answer">> = {
  faithfulness: "ungrounded_answer",
  answer_relevancy: "poor_answer",
  context_relevance: "context_v2",
};

function candidateSample(row: AgreementRow, candidate: Candidate): Sample | undefined {
  const base = { id: candidateId(row.id, candidate), question: row.question };
  if (candidate === "answer") return { ...base, answer: row.answer, contexts: row.context_v1 };
  if (candidate === "context_v2") return row.context_v2 ? { ...base, answer: row.answer, contexts: row.context_v2 } : undefined;
  const text = row[candidate];
  return text === undefined ? undefined : { ...base, answer: text, contexts: row.context_v1 };
}

/** Every pair (and absolute item) the chosen tasks need, with the samples they use, in row order. */
export function planAgreement(rows: readonly AgreementRow[], tasks: readonly AgreementTask[]): AgreementPlan {
  const samples = new Map<string, Sample>();
  const pairs: PairSpec[] = [];
  const absolute: AbsoluteSpec[] = [];
  const use = (row: AgreementRow, candidate: Candidate) => {
    const sample = candidateSample(row, candidate);
    if (sample && !samples.has(sample.id)) samples.set(sample.id, sample);
    return sample?.id;
  };
  for (const row of rows) {
    for (const task of tasks) {
      const label = row.human?.[task];
      if (typeof label === "number") {
        absolute.push({ task, id: row.id, sample: use(row, "answer")!, label });
        continue;
      }
      if (!candidateSample(row, SIDE_B[task])) continue;
      const a = use(row, "answer")!;
      const b = use(row, SIDE_B[task])!;
      // WikiEval's people always prefer the grounded side; user-labelled data may say otherwise.
      pairs.push({ task, id: row.id, a, b, human: label ?? "a" });
    }
  }
  return { samples: [...samples.values()], pairs, absolute };
}

/** A judgement is keyed by what it judges, so a candidate shared by two pairs is judged once. */
export function jobKey(method: AgreementMethod, task: AgreementTask, subject: string): string {
  return `${method}|${task}|${subject}`;
}
