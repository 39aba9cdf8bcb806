import type { MetricDefinition } from "../definition";
import type { RankedTrace } from "../shared/ranking";

/** MRR in the UI's words, English and Chinese (the card's summary is the retrieval family's, shared). */
export const mrrDisplay: Pick<MetricDefinition<RankedTrace>, "names" | "descriptions"> = {
  names: { en: "MRR", zh: "平均倒数排名" },
  descriptions: { en: "One over the rank of the first relevant id within the first k, else 0.", zh: "前 k 名中第一个相关编号名次的倒数，没有则为 0。" },
};
