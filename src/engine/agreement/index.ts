/** The agreement study (DESIGN.md contract 10): the paper's Table 1 for the user's own prompts and model. */
export * from "./types";
export { predict, tally, wilson, pearson, Z95, type Tally } from "./stats";
export { planAgreement, candidateId, jobKey, type AgreementPlan, type PairSpec, type AbsoluteSpec } from "./plan";
export { runAgreement, type AgreementConfig, type AgreementHooks, type AgreementOutput } from "./run-agreement";
export { assemble, tableRow, absoluteRow, pairScores, recomputeResultScore } from "./assemble";
export { shownOrder, rateCandidate, rankPair, ratingScore, rankingScore, type RatingTrace, type RankingTrace } from "./baselines";
export { baselinePrompts, DEFINITIONS, GPT_RANKING_PROMPTS, GPT_SCORE_5_PROMPT, GPT_SCORE_PROMPTS } from "./baseline-prompts";
export { estimateAgreement, type AgreementEstimate } from "./estimate";
