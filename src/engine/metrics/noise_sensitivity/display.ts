import type { MetricDefinition } from "../definition";
import { countWhere, textDiffItems } from "../shared/display";
import { type NoiseSensitivityTrace, noisyStatements } from "./score";

/** Noise sensitivity in the UI's words, English and Chinese. */
export const noiseSensitivityDisplay: Pick<MetricDefinition<NoiseSensitivityTrace>, "names" | "descriptions" | "summarize" | "traceDiff"> = {
  names: { en: "Noise sensitivity", zh: "噪声敏感度" },
  descriptions: {
    en: "Share of the answer's statements that are wrong because of noisy contexts (lower is better).",
    zh: "回答中因噪声上下文而出错的陈述占多少（越低越好）。",
  },
  summarize(trace) {
    const total = trace.statements.length;
    if (!total) return undefined;
    // Counted by the score's own rule (its numerator).
    const noisy = noisyStatements(trace).length;
    const incorrect = countWhere(trace.statements, (s) => s.correct === 0);
    return trace.mode === "relevant"
      ? {
          en: `${noisy} of ${total} answer statements are incorrect yet backed by a relevant context (${incorrect} incorrect in all).`,
          zh: `${total} 条答案陈述中有 ${noisy} 条错误却有相关上下文支持（共 ${incorrect} 条错误）。`,
        }
      : {
          en: `${noisy} of ${total} answer statements are incorrect and backed only by irrelevant contexts (${incorrect} incorrect in all).`,
          zh: `${total} 条答案陈述中有 ${noisy} 条错误且只有无关上下文支持（共 ${incorrect} 条错误）。`,
        };
  },
  traceDiff: {
    valueKind: "flag",
    flagNames: { en: ["incorrect", "correct"], zh: ["错误", "正确"] },
    items: (trace) =>
      textDiffItems(
        trace.statements,
        (s) => s.correct,
        (s) => s.reason,
      ),
  },
};
