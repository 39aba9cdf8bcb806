import { DEFAULT_PRICES as STORED_DEFAULT_PRICES } from "../../storage/db/settings";

/**
 * Prices in USD per 1M tokens, for the cost estimate only (editable in Settings). Values are list
 * prices of the providers' public pricing pages at the time of writing; users correct them.
 */
export interface PriceRow {
  model: string;
  input: number;
  output: number;
}

/** The storage layer owns the default list; the panel edits it as rows. */
export function defaultPriceRows(): PriceRow[] {
  return Object.entries(STORED_DEFAULT_PRICES).map(([model, p]) => ({ model, input: p.input, output: p.output }));
}

/**
 * The price of a model: exact name first, then without a router prefix ("openai/gpt-4o-mini")
 * or a dated suffix ("gpt-4o-mini-2024-07-18"), so common spellings find their row.
 */
export function findPrice(prices: readonly PriceRow[], model: string): PriceRow | undefined {
  const byName = new Map(prices.map((p) => [p.model.trim().toLowerCase(), p]));
  const name = model.trim().toLowerCase();
  const bare = name.includes("/") ? name.slice(name.lastIndexOf("/") + 1) : name;
  const undated = bare.replace(/-\d{4}-\d{2}-\d{2}$/, "");
  return byName.get(name) ?? byName.get(bare) ?? byName.get(undated);
}
