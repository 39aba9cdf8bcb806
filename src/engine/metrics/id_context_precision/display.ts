import type { MetricDefinition } from "../definition";
import type { RankedTrace } from "../shared/ranking";

/** Id context precision in the UI's words, English and Chinese (the card's summary is the retrieval family's, shared). */
export const idContextPrecisionDisplay: Pick<MetricDefinition<RankedTrace>, "names" | "descriptions"> = {
  names: { en: "Id context precision", zh: "编号上下文精确率" },
  descriptions: { en: "The share of the retrieved ids that are relevant, over the whole list.", zh: "检索到的编号中相关编号所占的比例，按整个列表计算。" },
};
