import { numbered } from "../../prompts/render";
import { ask, PRIORITY } from "../shared/ask";
import { optionsOf, wholeNumber } from "../shared/options";
import type { MetricDefinition } from "../definition";
import { customId, type CustomJudge, MAX_STRICTNESS } from "./definition";
import { customJudgePrompt } from "./prompt";
import { explainCustomJudge, scoreCustomJudge, type CustomJudgeTrace } from "./score";
import { customJudgeTraceFields } from "./trace";
import { summarizeVotes } from "./display";

export { customId, customJudgeSchema, freeSlug, isCustomId, slugify, MAX_STRICTNESS, type CustomJudge, type CustomJudgeInput } from "./definition";
export { customJudgePrompt } from "./prompt";
export { judgeIssues } from "./check";
export { scoreCustomJudge, type CustomJudgeTrace } from "./score";
export { customJudgeTraceFields } from "./trace";

/** Votes after the first are asked warmer, so k votes can disagree (a real vote, not k copies of one reply). */
const VOTE_TEMPERATURE = 0.7;

/** What every custom judge shares, whatever its criterion: the app reads these without the judge's definition. */
export const customJudgeShape = {
  family: "custom",
  // The k votes go in one round.
  batchRounds: 1,
  optionFields: [{ key: "strictness", kind: "text" }],
  summarize: summarizeVotes,
  traceFields: customJudgeTraceFields,
} satisfies Partial<MetricDefinition<CustomJudgeTrace>>;

/** A custom judge as a metric: k votes in parallel, every vote with its reason in the trace. */
export function customJudgeMetric(judge: CustomJudge): MetricDefinition<CustomJudgeTrace> {
  const prompt = customJudgePrompt(judge);
  const k = (strictness: number | undefined) => strictness ?? judge.strictness;
  return {
    id: customId(judge),
    name: judge.name,
    // The user names a judge once, in whatever language they write.
    names: { en: judge.name, zh: judge.name },
    descriptions: { en: judge.definition, zh: judge.definition },
    ...customJudgeShape,
    requires: judge.inputs,
    usesEmbeddings: false,
    prompts: [prompt],
    options: optionsOf({ strictness: wholeNumber(1, MAX_STRICTNESS).optional() }),
    defaults: { strictness: judge.strictness },
    calls: (_sample, options) => ({ chat: k(options.strictness), embedding: 0 }),
    async run(ctx) {
      const votes = k(ctx.options.strictness);
      const { question, answer, contexts, reference } = ctx.sample;
      const input = { question, answer, contexts: numbered(contexts), reference: reference ?? "" };
      const replies = await Promise.all(
        Array.from({ length: votes }, (_, i) =>
          ask(ctx, prompt, { ...input, vote: String(i + 1), votes: String(votes) }, undefined, PRIORITY.single, votes > 1 ? VOTE_TEMPERATURE : undefined),
        ),
      );
      return { scale: judge.scale, votes: replies };
    },
    score: scoreCustomJudge,
    explain: explainCustomJudge,
    traceItems: "votes",
  };
}
