import type { MetricDefinition } from "../definition";
import type { RankedTrace } from "../shared/ranking";

/** Hit rate in the UI's words, English and Chinese (the card's summary is the retrieval family's, shared). */
export const hitRateDisplay: Pick<MetricDefinition<RankedTrace>, "names" | "descriptions"> = {
  names: { en: "Hit rate", zh: "命中率" },
  descriptions: { en: "1 when a relevant id is among the first k retrieved, else 0.", zh: "前 k 个检索结果中有相关编号记 1 分，否则记 0 分。" },
};
