import { cosine } from "../math/cosine";
import { extractStatements, verifyStatements } from "../metrics/shared/steps";
import { type GenerationContext, askPrompt, metricContextOf } from "./context";
import { closedBookPrompt } from "./prompts-query";
import type { CheckResult } from "./types";

/**
 * The quality gate ragas 0.2+ lacks. Each check gives { pass, reason }, recorded on the sample:
 * - standalone: no phrase that points at a document the reader cannot see (free: a pattern);
 * - grounded: our faithfulness of the reference to its contexts (the statement steps), >= 0.8;
 * - leakage: the judge answers the question with no context; when that answer already states
 *   at least half the reference's statements, the question tests memory, not retrieval;
 * - duplicate: exact text (after normalising) or embedding cosine >= 0.95 to an accepted question.
 */

const GROUNDED_MIN = 0.8;
const LEAKED_AT = 0.5;
const DUPLICATE_COSINE = 0.95;

const DOCUMENT_WORDS = "text|document|passage|context|article|section|excerpt|paragraph|report|source|material";
const POINTERS: readonly RegExp[] = [
  new RegExp(`\\b(according to|based on|in|from|per|within)\\s+(the|this|that|these)\\s+((above|given|provided|following)\\s+)?(${DOCUMENT_WORDS})s?\\b`, "iu"),
  new RegExp(`\\b(the|this)\\s+(above|following|given|provided)\\s+(${DOCUMENT_WORDS})\\b`, "iu"),
  new RegExp(`\\b(the|this)\\s+(${DOCUMENT_WORDS})\\s+(above|below)\\b`, "iu"),
  /\bmentioned\s+(above|earlier|here)\b/iu,
  /(根据|按照|依据|基于)(上文|本文|文中|该文|这段|此段|文档|材料|段落|上下文|以上|所给)/u,
  /(文中|本文|上文|该文档?|这段文字|此段|材料中|段落中)(提到|所述|所说|指出|中)/u,
];

export function standaloneCheck(question: string): CheckResult {
  for (const pattern of POINTERS) {
    const m = pattern.exec(question);
    if (m) return { pass: false, reason: `points at a document the reader cannot see: "${m[0]}"` };
  }
  return { pass: true, reason: "names what it asks about; no reference to an unseen document" };
}

export async function groundedCheck(
  ctx: GenerationContext,
  question: string,
  reference: string,
  contexts: string[],
): Promise<{ result: CheckResult; statements: string[] }> {
  const mctx = metricContextOf(ctx, question, reference, contexts);
  const statements = await extractStatements(mctx, question, reference);
  if (statements.length === 0) return { result: { pass: false, reason: "the reference makes no claim to check" }, statements };
  const verdicts = await verifyStatements(mctx, statements, contexts.join("\n\n"));
  const supported = verdicts.filter((v) => v.verdict === 1).length;
  const share = supported / statements.length;
  const missing = statements.filter((_, i) => verdicts[i]!.verdict === 0);
  const reason =
    missing.length === 0
      ? `all ${statements.length} statements of the reference are in its contexts`
      : `${supported} of ${statements.length} statements are in its contexts; not: ${missing.map((s) => `"${s}"`).join("; ")}`;
  return { result: { pass: share >= GROUNDED_MIN, reason }, statements };
}

export async function leakageCheck(ctx: GenerationContext, question: string, statements: readonly string[], language: string): Promise<CheckResult> {
  const { answer } = await askPrompt(ctx, closedBookPrompt, { question, language }, undefined, 1);
  if (statements.length === 0) return { pass: true, reason: "no reference statement to compare with" };
  const verdicts = await verifyStatements(metricContextOf(ctx, question, answer, [answer]), statements, answer);
  const known = verdicts.filter((v) => v.verdict === 1).length;
  const share = known / statements.length;
  const reason = `without the contexts the judge answered "${answer.trim()}", which states ${known} of ${statements.length} reference statements`;
  return { pass: share < LEAKED_AT, reason };
}

/** Lower case, NFKC, no punctuation, one space: "What is X?" and "what is x" are the same question. */
export function normalizeQuestion(question: string): string {
  return question
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export interface Accepted {
  normalized: string;
  vector: number[] | undefined;
}

export function duplicateCheck(question: string, vector: number[] | undefined, accepted: readonly Accepted[]): CheckResult {
  const normalized = normalizeQuestion(question);
  const same = accepted.findIndex((a) => a.normalized === normalized);
  if (same >= 0) return { pass: false, reason: `the same text as accepted question ${same + 1}` };
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  accepted.forEach((a, i) => {
    const score = vector && a.vector ? cosine(vector, a.vector) : Number.NEGATIVE_INFINITY;
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  if (best >= 0 && bestScore >= DUPLICATE_COSINE) return { pass: false, reason: `cosine ${bestScore.toFixed(3)} to accepted question ${best + 1}` };
  const nearest = best >= 0 && Number.isFinite(bestScore) ? `; nearest cosine ${bestScore.toFixed(3)}` : "";
  return { pass: true, reason: `no accepted question alike${nearest}${vector ? "" : " (text compared only: no embedding)"}` };
}
