import type { MetricDefinition } from "../definition";
import type { RankedTrace } from "../shared/ranking";

/** Id context recall in the UI's words, English and Chinese (the card's summary is the retrieval family's, shared). */
export const idContextRecallDisplay: Pick<MetricDefinition<RankedTrace>, "names" | "descriptions"> = {
  names: { en: "Id context recall", zh: "编号上下文召回率" },
  descriptions: { en: "The share of the relevant ids that were retrieved at any rank.", zh: "相关编号中在任意名次被检索到的比例。" },
};
