import {
  answerRelevancyQuestions,
  contextPrecisionVerdicts,
  contextRecallStatements,
  contextRelevanceSentences,
  faithfulnessStatements,
  faithfulnessVerdicts,
} from "./metrics";
import { agreementBrains } from "./agreement";
import { conversationBrains } from "./conversation";
import { translatedStrings } from "./studio";
import { moreMetricBrains } from "./more-metrics";
import { testsetBrains } from "./testset";
import type { Brain } from "./types";

/** Brains for the engine's built-in prompts, keyed by reply schema name. */
export const judgeBrains: Record<string, Brain> = {
  faithfulness_statements: faithfulnessStatements,
  faithfulness_verdicts: faithfulnessVerdicts,
  answer_relevancy_questions: answerRelevancyQuestions,
  context_relevance_sentences: contextRelevanceSentences,
  context_precision_verdicts: contextPrecisionVerdicts,
  context_recall_statements: contextRecallStatements,
  translated_strings: translatedStrings,
  ...moreMetricBrains,
  ...agreementBrains,
  ...testsetBrains,
  ...conversationBrains,
};

export type { Brain, BrainInput } from "./types";
