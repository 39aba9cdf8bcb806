import { extractStatements } from "../metrics/shared/steps";
import { isMetricError } from "../result";
import type { Candidate } from "./candidates";
import { askPrompt, type GenerationContext, languageFor, metricContextOf } from "./context";
import { groundedCheck, leakageCheck, standaloneCheck } from "./gate";
import type { CheckName, CheckResult, Persona, TestsetSample } from "./types";

/**
 * One candidate: its question + reference call, then the checks that need no other candidate
 * (standalone, grounded, leakage), stopping at the first that fails so a rejected candidate costs
 * no more. The duplicate check needs the round's accepted questions: the caller runs it.
 */

export type Outcome = { kind: "passed"; sample: TestsetSample } | { kind: "rejected"; check: CheckName; reason: string } | { kind: "error"; reason: string };

/** A cancellation ends the generation; any other failure is this candidate's. */
function failure(error: unknown): Outcome {
  if (isMetricError(error) && error.code === "cancelled") throw error;
  return { kind: "error", reason: error instanceof Error ? error.message : String(error) };
}

export async function attempt(ctx: GenerationContext, c: Candidate, personas: readonly Persona[], checks: readonly CheckName[]): Promise<Outcome> {
  const contexts = c.nodes.map((n) => n.chunk.text);
  const language = languageFor(ctx, contexts);
  let query: string;
  let reference: string;
  try {
    const reply = await askPrompt(ctx, c.prompt, { ...c.input, language });
    query = reply.query.trim();
    reference = reply.reference.trim();
  } catch (error) {
    return failure(error);
  }
  if (query === "" || reference === "") return { kind: "error", reason: "the judge wrote a blank question or reference" };
  const results: Partial<Record<CheckName, CheckResult>> = {};
  const reject = (check: CheckName, r: CheckResult): Outcome => ({ kind: "rejected", check, reason: r.reason });
  try {
    if (checks.includes("standalone")) {
      results.standalone = standaloneCheck(query);
      if (!results.standalone.pass) return reject("standalone", results.standalone);
    }
    let statements: string[] | undefined;
    if (checks.includes("grounded")) {
      const grounded = await groundedCheck(ctx, query, reference, contexts);
      results.grounded = grounded.result;
      statements = grounded.statements;
      if (!grounded.result.pass) return reject("grounded", grounded.result);
    }
    if (checks.includes("leakage")) {
      statements ??= await extractStatements(metricContextOf(ctx, query, reference, contexts), query, reference);
      results.leakage = await leakageCheck(ctx, query, statements, language);
      if (!results.leakage.pass) return reject("leakage", results.leakage);
    }
  } catch (error) {
    return failure(error);
  }
  const persona = personas[c.stratum.persona];
  return {
    kind: "passed",
    sample: {
      user_input: query,
      reference,
      reference_contexts: contexts,
      reference_context_ids: c.nodes.map((n) => n.chunk.id),
      synthesizer_name: c.stratum.synthesizer,
      persona_name: persona?.name ?? "",
      query_style: c.stratum.style,
      query_length: c.stratum.length,
      sources: c.nodes.map((n) => ({ document: n.chunk.document, start: n.chunk.start, end: n.chunk.end })),
      checks: results,
    },
  };
}
