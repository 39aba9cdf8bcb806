import type { CheckedStatement } from "../answer_correctness/score";
import type { MetricDefinition } from "../definition";
import { countWhere, textDiffItems } from "../shared/display";
import type { FactualCorrectnessTrace } from "./score";

/** The share of claims the other side supports, or a dash when this mode checked none. */
const share = (claims: readonly CheckedStatement[]) => (claims.length ? (countWhere(claims, (c) => c.verdict === 1) / claims.length).toFixed(2) : "–");

/** Factual correctness in the UI's words, English and Chinese. */
export const factualCorrectnessDisplay: Pick<MetricDefinition<FactualCorrectnessTrace>, "names" | "descriptions" | "summarize" | "traceDiff"> = {
  names: { en: "Factual correctness", zh: "事实正确性" },
  descriptions: { en: "Precision and recall of the answer's claims against the reference's.", zh: "回答的论断与参考答案的论断相互比对的精确率和召回率。" },
  summarize({ claims, referenceClaims }) {
    if (!claims.length && !referenceClaims.length) return undefined;
    const p = share(claims);
    const r = share(referenceClaims);
    return { en: `Claim precision ${p}, recall ${r}.`, zh: `论断精确率 ${p}，召回率 ${r}。` };
  },
  traceDiff: {
    valueKind: "flag",
    flagNames: { en: ["not supported", "supported"], zh: ["不受支持", "受支持"] },
    items: (trace) => textDiffItems([...trace.claims, ...trace.referenceClaims], (c) => c.verdict),
  },
};
