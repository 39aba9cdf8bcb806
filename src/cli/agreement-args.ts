import { requireKeyUnlessLocal } from "./args";
import { UsageError } from "./errors";
import { type FlagValues, flagHelp, readFlags } from "./flags";

/**
 * `agreement` (DESIGN.md contract 10): the flags of the table in flags.ts (--input, --base-url,
 * --model, --out required), then how they fit together. Strict like `score`.
 */
export type AgreementArgs = FlagValues<"agreement"> & { out: string; baseURL: string; model: string };

export function parseAgreementArgs(argv: readonly string[], env: Record<string, string | undefined>): AgreementArgs {
  const args = readFlags("agreement", argv, env) as AgreementArgs;
  if (args.methods.includes("ragas") && args.tasks.includes("answer_relevancy") && !args.embeddingModel) {
    throw new UsageError("ragas on answer_relevancy needs --embedding-model (or leave answer_relevancy out of --tasks)");
  }
  requireKeyUnlessLocal(args);
  return args;
}

const flags = flagHelp("agreement", 4, 26);

export const AGREEMENT_HELP = `
  npm run --silent cli -- agreement --input FILE --base-url URL --model M --embedding-model E --out agreement.json [options]
    The paper's Table 1 (agreement with people on WikiEval-shaped data) for your prompts and model.
${flags.required}
${flags.options}
    Accuracy = (correct + ties / 2) / n with a 95% Wilson score interval.
`;
