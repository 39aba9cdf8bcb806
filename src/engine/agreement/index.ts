/** The agreement study (DESIGN.md contract 10): the paper's Table 1 for the user's own prompts and model. */
export * from "./types";
export { predict, tally, wilson, pearson } from "./stats";
export { runAgreement } from "./run-agreement";
export { tableRow, absoluteRow, pairScores, recomputeResultScore } from "./assemble";
export { shownOrder } from "./baselines";
export { estimateAgreement } from "./estimate";
