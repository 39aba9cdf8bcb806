import { numbered } from "../../prompts/render";
import type { PromptDef } from "../../prompts/types";
import type { MetricContext } from "../definition";
import { ask, askEach, PRIORITY } from "./ask";
import { statementsPrompt, verdictsOutputFor, verdictsPrompt } from "./statement-prompts";

/**
 * The two steps every statement-based metric is made of, in ONE implementation (issue 16):
 * split a text into standalone statements, and check given statements against a text with one
 * verdict per statement (the schema sent says exactly how many). Faithfulness, answer
 * correctness, factual correctness and noise sensitivity are compositions of these.
 */

export interface Verdict {
  verdict: 0 | 1;
  reason: string;
}

/** Trimmed, non-empty items of an extraction reply; duplicates kept (a judge may repeat a fact on purpose). */
function cleanItems(items: readonly string[]): string[] {
  return items.map((s) => s.trim()).filter((s) => s.length > 0);
}

/**
 * The statements a text makes (faithfulness's statement prompt: `answer` is whatever text is
 * split, the reference too). No statements is a legitimate reply: a refusal makes no claim.
 */
export async function extractStatements(ctx: MetricContext, question: string, text: string): Promise<string[]> {
  const reply = await ask(ctx, statementsPrompt, { question, answer: text }, undefined, PRIORITY.feedsNextStep);
  return cleanItems(reply.statements);
}

/** The same step with another extraction prompt (factual correctness's claims): the reply's one list, cleaned. */
export async function extractWith<O extends Record<string, unknown>>(
  ctx: MetricContext,
  prompt: PromptDef<O>,
  input: Record<string, string>,
  key: keyof O & string,
): Promise<string[]> {
  const reply = await ask(ctx, prompt, input, undefined, PRIORITY.feedsNextStep);
  const list = reply[key];
  return Array.isArray(list) ? cleanItems(list.filter((s): s is string => typeof s === "string")) : [];
}

/**
 * One verdict per given statement against `source` (the NLI call): 1 when the source states it
 * or it follows directly. No statements, no call. Items the judge left out are asked for once
 * more (askEach), so a verdict list always has exactly statements.length entries.
 */
export async function verifyStatements(ctx: MetricContext, statements: readonly string[], source: string): Promise<Verdict[]> {
  if (statements.length === 0) return [];
  const verdicts = await askEach(
    ctx,
    verdictsPrompt,
    statements.length,
    (items) => ({ context: source, statements: numbered(items.map((i) => statements[i]!)) }),
    verdictsOutputFor,
    PRIORITY.finishesSample,
  );
  return verdicts.map((v) => ({ verdict: v.verdict, reason: v.reason }));
}

/** Statements with their verdicts, as the traces keep them. */
export function zipVerdicts(statements: readonly string[], verdicts: readonly Verdict[]): { text: string; verdict: 0 | 1; reason: string }[] {
  return statements.map((text, i) => ({ text, verdict: verdicts[i]!.verdict, reason: verdicts[i]!.reason }));
}
