import { oneOf, optionsOf, positiveNumber } from "../shared/options";
import { verdictsPrompt } from "../shared/statement-prompts";
import { extractWith, verifyStatements, zipVerdicts } from "../shared/steps";
import { factualCorrectnessDisplay } from "./display";
import type { MetricContext, MetricDefinition, MetricOptions } from "../definition";
import { claimsPrompt } from "./prompts";
import { explainFactualCorrectness, scoreFactualCorrectness, type FactualCorrectnessTrace, type FactualMode, type Level } from "./score";
import { factualCorrectnessTraceFields } from "./trace";

interface Settings {
  mode: FactualMode;
  beta: number;
  atomicity: Level;
  coverage: Level;
}

const DEFAULTS: Settings = { mode: "f1", beta: 1, atomicity: "low", coverage: "low" };

function settingsOf(options: MetricOptions): Settings {
  return {
    mode: (options.mode as FactualMode | undefined) ?? DEFAULTS.mode,
    beta: options.beta ?? DEFAULTS.beta,
    atomicity: options.atomicity ?? DEFAULTS.atomicity,
    coverage: options.coverage ?? DEFAULTS.coverage,
  };
}

/** The claims of `text` (at the asked atomicity and coverage), each checked against `source`. */
async function claimsChecked(ctx: MetricContext, text: string, source: string, s: Settings) {
  const claims = await extractWith(ctx, claimsPrompt, { atomicity: s.atomicity, coverage: s.coverage, text }, "claims");
  return zipVerdicts(claims, await verifyStatements(ctx, claims, source));
}

/**
 * Factual correctness: precision = the answer's claims the reference supports, recall = the
 * reference's claims the answer covers, F-beta of the two. Only the directions the mode needs
 * are asked, both at once: precision or recall 2 chat calls, f1 4, two round trips.
 */
export const factualCorrectness: MetricDefinition<FactualCorrectnessTrace> = {
  id: "factual_correctness",
  name: "Factual correctness",
  ...factualCorrectnessDisplay,
  family: "ragas",
  batchRounds: 2,
  optionFields: [
    { key: "mode", kind: "select", values: ["f1", "precision", "recall"] },
    { key: "beta", kind: "text" },
    { key: "atomicity", kind: "select", values: ["low", "high"] },
    { key: "coverage", kind: "select", values: ["low", "high"] },
  ],
  requires: ["answer", "reference"],
  usesEmbeddings: false,
  prompts: [claimsPrompt, verdictsPrompt],
  options: optionsOf({
    mode: oneOf(["f1", "precision", "recall"]).optional(),
    beta: positiveNumber.optional(),
    atomicity: oneOf(["low", "high"]).optional(),
    coverage: oneOf(["low", "high"]).optional(),
  }),
  defaults: DEFAULTS,
  calls: (_sample, options) => ({ chat: settingsOf(options).mode === "f1" ? 4 : 2, embedding: 0 }),
  async run(ctx) {
    const s = settingsOf(ctx.options);
    const answer = ctx.sample.answer;
    const reference = ctx.sample.reference ?? "";
    const [claims, referenceClaims] = await Promise.all([
      s.mode === "recall" ? Promise.resolve([]) : claimsChecked(ctx, answer, reference, s),
      s.mode === "precision" ? Promise.resolve([]) : claimsChecked(ctx, reference, answer, s),
    ]);
    return { ...s, claims, referenceClaims };
  },
  score: scoreFactualCorrectness,
  explain: explainFactualCorrectness,
  traceFields: factualCorrectnessTraceFields,
  traceItems: "claims",
};
