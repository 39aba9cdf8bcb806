/**
 * Faithfulness's two prompts are the shared statement steps' prompts (shared/statement-prompts.ts):
 * answer correctness, factual correctness and noise sensitivity split and check statements with
 * the very same prompts, so an edit in the studio changes them all alike. Ids and texts unchanged.
 */
export {
  statementsPrompt,
  verdictsOutputFor,
  verdictsPrompt,
} from "../shared/statement-prompts";
