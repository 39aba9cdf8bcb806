import text from "./WikiEval_samples_10.jsonl?raw";

/**
 * The Agreement view's one-click example: the first ten rows of WikiEval, the data set of the
 * RAGAS paper (Es et al., arXiv 2309.15217, section 4; Hugging Face dataset
 * explodinggradients/WikiEval, split train), as the public file WikiEval_samples_10.jsonl of the
 * GitHub repository shijinpjlab/dataeval_dingo holds them (byte for byte the file the tests read,
 * test/fixtures/wikieval; its SOURCE.md tells the rest). This module is imported lazily, so the
 * 52 KB stay out of the main bundle until the example is asked for. The app reads it with the
 * same reader as a file the user picks.
 */
export const WIKIEVAL_EXAMPLE = {
  fileName: "WikiEval_samples_10.jsonl",
  text,
  dataset: "explodinggradients/WikiEval",
  paper: "arXiv 2309.15217",
} as const;
