import type { MetricDefinition } from "../definition";
import type { RankedTrace } from "../shared/ranking";

/** Precision@k in the UI's words, English and Chinese (the card's summary is the retrieval family's, shared). */
export const precisionAtKDisplay: Pick<MetricDefinition<RankedTrace>, "names" | "descriptions"> = {
  names: { en: "Precision@k", zh: "前 k 精确率" },
  descriptions: { en: "Relevant ids among the first k retrieved, divided by k.", zh: "前 k 个检索结果中的相关编号数除以 k。" },
};
