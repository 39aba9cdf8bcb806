import type { MetricDefinition } from "../definition";
import { countWhere, textDiffItems } from "../shared/display";
import type { AnswerCorrectnessTrace } from "./score";

/** Answer correctness in the UI's words, English and Chinese. */
export const answerCorrectnessDisplay: Pick<MetricDefinition<AnswerCorrectnessTrace>, "names" | "descriptions" | "summarize" | "traceDiff"> = {
  names: { en: "Answer correctness", zh: "答案正确性" },
  descriptions: {
    en: "Statement F1 against the reference, weighed with the semantic similarity.",
    zh: "与参考答案逐条比对陈述的 F1，再与语义相似度加权合并。",
  },
  summarize({ statements, referenceStatements }) {
    if (!statements.length && !referenceStatements.length) return undefined;
    const tp = countWhere(statements, (s) => s.verdict === 1);
    const fp = statements.length - tp;
    const fn = countWhere(referenceStatements, (s) => s.verdict === 0);
    return { en: `${tp} supported, ${fp} unsupported and ${fn} missing statements.`, zh: `${tp} 条受支持、${fp} 条不受支持、${fn} 条缺失。` };
  },
  traceDiff: {
    valueKind: "flag",
    flagNames: { en: ["not supported", "supported"], zh: ["不受支持", "受支持"] },
    items: (trace) => textDiffItems([...trace.statements, ...trace.referenceStatements], (s) => s.verdict),
  },
};
