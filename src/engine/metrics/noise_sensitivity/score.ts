import { scored, unscored, type CallRecord, type ScoreOutcome } from "../../result";

export type NoiseMode = "relevant" | "irrelevant";

interface NoiseContext {
  /** 0-based rank of the context as retrieved. */
  index: number;
  /** One flag per reference statement: this context supports it. */
  supportsReference: (0 | 1)[];
  /** One flag per answer statement: this context supports it. */
  supportsAnswer: (0 | 1)[];
}

export interface NoiseSensitivityTrace {
  mode: NoiseMode;
  referenceStatements: { text: string }[];
  /** The answer's statements; correct = the reference supports it. */
  statements: { text: string; correct: 0 | 1; reason?: string }[];
  contexts: NoiseContext[];
  calls: CallRecord[];
}

type Scored = Pick<NoiseSensitivityTrace, "mode" | "referenceStatements" | "statements" | "contexts">;

/** The answer statements that count as noise-induced errors in this mode (0-based): the score's numerator, and what a view marks. */
export function noisyStatements(trace: Scored): number[] {
  const relevant = trace.contexts.map((c) => c.supportsReference.some((f) => f === 1));
  const supportedBy = (a: number, wanted: boolean) => trace.contexts.some((c, k) => relevant[k] === wanted && c.supportsAnswer[a] === 1);
  const out: number[] = [];
  trace.statements.forEach((s, a) => {
    if (s.correct === 1) return;
    const fromRelevant = supportedBy(a, true);
    if (trace.mode === "relevant" ? fromRelevant : !fromRelevant && supportedBy(a, false)) out.push(a);
  });
  return out;
}

/**
 * Lower is better. The share of the answer's statements that are incorrect (the reference does
 * not support them) and that a relevant context supports (`relevant`: the retriever found the
 * right passage and the generator still went wrong), or that only irrelevant contexts support
 * (`irrelevant`: noise misled it). A context is relevant when it supports a reference statement.
 */
export function scoreNoiseSensitivity(trace: Scored): ScoreOutcome {
  const n = trace.statements.length;
  if (n === 0) return unscored("no_statements", "the answer makes no claim that could be checked");
  const m = trace.referenceStatements.length;
  const ragged = trace.contexts.find((c) => c.supportsReference.length !== m || c.supportsAnswer.length !== n);
  if (ragged)
    return unscored(
      "internal_error",
      `context ${ragged.index + 1} has ${ragged.supportsReference.length}/${ragged.supportsAnswer.length} flags for ${m}/${n} statements`,
    );
  return scored(noisyStatements(trace).length / n);
}

export function explainNoiseSensitivity(trace: NoiseSensitivityTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const noisy = noisyStatements(trace);
  const incorrect = trace.statements.filter((s) => s.correct === 0).length;
  const head = `${noisy.length} of ${trace.statements.length} answer statements are incorrect and backed by ${trace.mode === "relevant" ? "a relevant" : "only irrelevant"} context (${incorrect} incorrect in all; lower is better)`;
  return noisy.length === 0 ? `${head}.` : `${head}: ${noisy.map((a) => `"${trace.statements[a]!.text}"`).join("; ")}.`;
}
