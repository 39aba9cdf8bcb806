import { z } from "zod";
import type { MetricDefinition } from "../../../../src/engine/metrics/definition";
import { flag, traceFields } from "../../../../src/engine/metrics/shared/trace-fields";
import { type CallRecord, scored, unscored } from "../../../../src/engine/result";

/**
 * A throwaway metric for the "a metric is one folder" test only: the share of the reference's words
 * found in the answer. It is what a new folder exports, and nothing else: the test adds it to the
 * registry and checks that the app and the CLI pick it up with no other edit.
 */
export interface WordOverlapTrace {
  words: { text: string; found: 0 | 1 }[];
  calls: CallRecord[];
}

const words = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];

export const wordOverlap: MetricDefinition<WordOverlapTrace> = {
  id: "word_overlap",
  name: "Word overlap",
  names: { en: "Word overlap", zh: "词语重合" },
  descriptions: { en: "Share of the reference's words found in the answer.", zh: "参考答案中的词有多少出现在回答里。" },
  family: "retrieval",
  lowerIsBetter: true,
  batchRounds: 3,
  optionFields: [{ key: "mode", kind: "select", values: ["strict", "loose"] }],
  requires: ["answer", "reference"],
  usesEmbeddings: false,
  prompts: [],
  async run(ctx) {
    const inAnswer = new Set(words(ctx.sample.answer));
    return { words: words(ctx.sample.reference ?? "").map((text) => ({ text, found: inAnswer.has(text) ? 1 : 0 })) };
  },
  score: (trace) =>
    trace.words.length ? scored(trace.words.filter((w) => w.found === 1).length / trace.words.length) : unscored("missing_input", "the reference has no words"),
  explain: (trace) => `${trace.words.filter((w) => w.found === 1).length} of ${trace.words.length} words found`,
  summarize: ({ words: list }) => {
    const found = list.filter((w) => w.found === 1).length;
    return { en: `${found} of ${list.length} reference words are in the answer.`, zh: `参考答案的 ${list.length} 个词中有 ${found} 个在回答里。` };
  },
  traceDiff: {
    valueKind: "flag",
    flagNames: { en: ["missing", "found"], zh: ["缺失", "找到"] },
    items: (trace) => trace.words.map((w) => ({ key: w.text, text: w.text, value: w.found })),
  },
  traceFields: traceFields<WordOverlapTrace>()({ words: z.array(z.object({ text: z.string(), found: flag })) }),
  traceItems: "words",
};
