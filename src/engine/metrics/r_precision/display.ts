import type { MetricDefinition } from "../definition";
import type { RankedTrace } from "../shared/ranking";

/** R-precision in the UI's words, English and Chinese (the card's summary is the retrieval family's, shared). */
export const rPrecisionDisplay: Pick<MetricDefinition<RankedTrace>, "names" | "descriptions"> = {
  names: { en: "R-precision", zh: "R 精确率" },
  descriptions: {
    en: "Relevant ids among the first R retrieved, where R is the number of relevant ids.",
    zh: "前 R 个检索结果中相关编号所占比例，R 为相关编号总数。",
  },
};
