import { pyRstrip } from "../../text/python-str";
import { bleuStats, brevityPenalty, computeBleu, SENTENCE_BLEU_DEFAULTS, type BleuSettings, type BleuTrace } from "./score";
import { bleuTokens, chooseBleuTokenizer, type BleuTokenizer } from "./tokenize";

/** The trace of one answer against one reference: tokens, n-gram counts, brevity penalty. */
export function bleuTrace(answer: string, reference: string, tokenizer: BleuTokenizer = chooseBleuTokenizer(answer, reference)): Omit<BleuTrace, "calls"> {
  // sacreBLEU strips trailing whitespace before tokenizing (BLEU._preprocess_segment).
  const answerTokens = bleuTokens(pyRstrip(answer), tokenizer);
  const referenceTokens = bleuTokens(pyRstrip(reference), tokenizer);
  const stats = bleuStats(answerTokens, referenceTokens);
  return {
    tokenizer,
    answerTokens,
    referenceTokens,
    matches: stats.matches,
    totals: stats.totals,
    brevityPenalty: brevityPenalty(stats.answerLength, stats.referenceLength),
  };
}

/**
 * sacreBLEU's sentence BLEU (0-100) under any of its settings: the metric uses the defaults; the
 * other settings exist so sacreBLEU's own published test cases can be checked as published.
 */
export function sentenceBleu(
  answer: string,
  reference: string,
  options: Partial<BleuSettings> & { tokenizer?: BleuTokenizer; lowercase?: boolean } = {},
): number {
  const lower = (s: string) => (options.lowercase ? s.toLowerCase() : s);
  const trace = bleuTrace(lower(answer), lower(reference), options.tokenizer ?? "13a");
  const settings: BleuSettings = { ...SENTENCE_BLEU_DEFAULTS, ...options };
  return computeBleu(bleuStats(trace.answerTokens, trace.referenceTokens), settings);
}
