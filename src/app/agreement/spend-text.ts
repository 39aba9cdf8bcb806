import type { Formats } from "../shared/i18n/format";
import { formatUsd } from "../shared/results/format";
import { estimateModelSpendCost, type PriceRow } from "../../storage/prices";
import type { AgreementMessages } from "./messages";

/**
 * The estimated cost of per-model tokens with the Settings' price table: never a silent $0, a
 * model without a price is named. Undefined when the tokens are not split by model.
 */
export function costText(
  byModel: Readonly<Record<string, { promptTokens: number; completionTokens: number }>> | undefined,
  prices: readonly PriceRow[],
  t: AgreementMessages,
  fmt: Formats,
): string | undefined {
  const cost = estimateModelSpendCost(byModel, prices);
  if (!cost) return undefined;
  if (cost.unpriced.length > 0) return t.unpriced(fmt.list(cost.unpriced));
  return t.estimatedCost(formatUsd(cost.usd));
}
