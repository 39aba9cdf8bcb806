import type { MetricDefinition } from "../definition";
import type { RankedTrace } from "../shared/ranking";

/** Recall@k in the UI's words, English and Chinese (the card's summary is the retrieval family's, shared). */
export const recallAtKDisplay: Pick<MetricDefinition<RankedTrace>, "names" | "descriptions"> = {
  names: { en: "Recall@k", zh: "前 k 召回率" },
  descriptions: { en: "Relevant ids among the first k retrieved, divided by all relevant ids.", zh: "前 k 个检索结果中的相关编号数除以全部相关编号数。" },
};
