import type { MetricDefinition } from "../definition";
import type { RankedTrace } from "../shared/ranking";

/** NDCG@k in the UI's words, English and Chinese (the card's summary is the retrieval family's, shared). */
export const ndcgAtKDisplay: Pick<MetricDefinition<RankedTrace>, "names" | "descriptions"> = {
  names: { en: "NDCG@k", zh: "前 k NDCG" },
  descriptions: {
    en: "Discounted gain of the first k ranks against the best possible ranking of the relevant ids.",
    zh: "前 k 名的折损累计增益，相对于相关编号最佳排序的比值。",
  },
};
