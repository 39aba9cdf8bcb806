import { oneOf, optionsOf } from "../shared/options";
import { statementsPrompt, verdictsPrompt } from "../shared/statement-prompts";
import { extractStatements, verifyStatements } from "../shared/steps";
import { noiseSensitivityDisplay } from "./display";
import type { MetricDefinition } from "../definition";
import { explainNoiseSensitivity, scoreNoiseSensitivity, type NoiseMode, type NoiseSensitivityTrace } from "./score";
import { noiseSensitivityTraceFields } from "./trace";

/**
 * Noise sensitivity (RAGChecker's, as ragas has it). The reference's and the answer's statements
 * are split at once; then, all at once, the answer's statements are checked against the
 * reference, and each context checks both lists in ONE call (one verdict per statement, the
 * reference's first): 3 + N chat calls in two round trips (ragas: 3 + 2N, one after another).
 */
const DEFAULT_MODE: NoiseMode = "relevant";

export const noiseSensitivity: MetricDefinition<NoiseSensitivityTrace> = {
  id: "noise_sensitivity",
  name: "Noise sensitivity",
  ...noiseSensitivityDisplay,
  family: "ragas",
  // It counts errors: 0 is the good end.
  lowerIsBetter: true,
  batchRounds: 2,
  optionFields: [{ key: "mode", kind: "select", values: ["relevant", "irrelevant"] }],
  requires: ["question", "answer", "contexts", "reference"],
  usesEmbeddings: false,
  prompts: [statementsPrompt, verdictsPrompt],
  options: optionsOf({ mode: oneOf(["relevant", "irrelevant"]).optional() }),
  defaults: { mode: DEFAULT_MODE },
  calls: (sample) => ({ chat: 3 + sample.contexts.length, embedding: 0 }),
  async run(ctx) {
    const mode = (ctx.options.mode as NoiseMode | undefined) ?? DEFAULT_MODE;
    const { question, answer, contexts } = ctx.sample;
    const reference = ctx.sample.reference ?? "";
    const [referenceStatements, statements] = await Promise.all([extractStatements(ctx, question, reference), extractStatements(ctx, question, answer)]);
    if (statements.length === 0) return { mode, referenceStatements: referenceStatements.map((text) => ({ text })), statements: [], contexts: [] };

    const both = [...referenceStatements, ...statements];
    const [correct, perContext] = await Promise.all([
      verifyStatements(ctx, statements, reference),
      Promise.all(contexts.map((context) => verifyStatements(ctx, both, context))),
    ]);
    const m = referenceStatements.length;
    return {
      mode,
      referenceStatements: referenceStatements.map((text) => ({ text })),
      statements: statements.map((text, a) => ({ text, correct: correct[a]!.verdict, reason: correct[a]!.reason })),
      contexts: perContext.map((verdicts, index) => ({
        index,
        supportsReference: verdicts.slice(0, m).map((v) => v.verdict),
        supportsAnswer: verdicts.slice(m).map((v) => v.verdict),
      })),
    };
  },
  score: scoreNoiseSensitivity,
  explain: explainNoiseSensitivity,
  traceFields: noiseSensitivityTraceFields,
  traceItems: "statements",
};
