import type { MetricDefinition } from "../definition";
import type { RankedTrace } from "../shared/ranking";

/** Average precision in the UI's words, English and Chinese (the card's summary is the retrieval family's, shared). */
export const averagePrecisionDisplay: Pick<MetricDefinition<RankedTrace>, "names" | "descriptions"> = {
  names: { en: "Average precision", zh: "平均精确率" },
  descriptions: {
    en: "Precision at each relevant rank within the first k, summed and divided by all relevant ids.",
    zh: "前 k 名中每个相关名次处的精确率之和，除以全部相关编号数。",
  },
};
