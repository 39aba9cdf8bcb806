import type { CallRecord } from "../engine";

/*
 * Prices and the cost estimate, shared by the app (Settings' price table, results, runs) and the
 * CLI (the summary's estimated cost). Pure data and arithmetic: no storage, no DOM.
 */

export interface ModelPrice {
  /** USD per 1M prompt tokens. */
  input: number;
  /** USD per 1M completion tokens (0 for embedding models). */
  output: number;
  /** The Batch API's prices (OpenAI, Azure, Anthropic: half of the list price). */
  batchInput?: number;
  batchOutput?: number;
}

/**
 * ESTIMATES, editable in Settings: public list prices (USD per 1M tokens, standard tier, no
 * cached-input discount) as we knew them when writing this. Providers change prices; the UI says
 * "estimated cost" and lets the user correct any row or add their own model.
 */
export const DEFAULT_PRICES: Readonly<Record<string, ModelPrice>> = {
  "gpt-4o-mini": { input: 0.15, output: 0.6, batchInput: 0.075, batchOutput: 0.3 },
  "gpt-4o": { input: 2.5, output: 10, batchInput: 1.25, batchOutput: 5 },
  "gpt-4.1-nano": { input: 0.1, output: 0.4, batchInput: 0.05, batchOutput: 0.2 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6, batchInput: 0.2, batchOutput: 0.8 },
  "gpt-4.1": { input: 2, output: 8, batchInput: 1, batchOutput: 4 },
  "text-embedding-3-small": { input: 0.02, output: 0, batchInput: 0.01, batchOutput: 0 },
  "text-embedding-3-large": { input: 0.13, output: 0, batchInput: 0.065, batchOutput: 0 },
};

/**
 * Prices in USD per 1M tokens, for the cost estimate only (editable in Settings). Values are list
 * prices of the providers' public pricing pages at the time of writing; users correct them.
 */
export interface PriceRow {
  model: string;
  input: number;
  output: number;
  /** Batch prices; a row without them is priced at half its list price by batch, as providers charge. */
  batchInput?: number;
  batchOutput?: number;
}

/** The storage layer owns the default list; the panel edits it as rows. */
export function defaultPriceRows(): PriceRow[] {
  return Object.entries(DEFAULT_PRICES).map(([model, p]) => ({ model, ...p }));
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

export interface CostEstimate {
  usd: number;
  /** Models that made paid calls but have no row in the price table. */
  unpriced: string[];
}

/** The row's price per 1M tokens for this transport: list price, or the batch column by batch. */
export function unitPrices(row: PriceRow, batch: boolean): { input: number; output: number } {
  if (!batch) return { input: row.input, output: row.output };
  return { input: row.batchInput ?? row.input / 2, output: row.batchOutput ?? row.output / 2 };
}

/** What pricing reads of a call: a call record, or one model's tokens of a stored usage block. */
type PricedCall = Pick<CallRecord, "model" | "promptTokens" | "completionTokens"> & { cached?: boolean };

/** Cached calls cost nothing; every other call is priced by its own model's row (its batch column by batch). */
export function estimateCost(calls: readonly PricedCall[], prices: readonly PriceRow[], options: { batch?: boolean } = {}): CostEstimate {
  let usd = 0;
  const unpriced = new Set<string>();
  for (const call of calls) {
    if (call.cached) continue;
    const price = findPrice(prices, call.model);
    if (!price) {
      if (call.promptTokens + call.completionTokens > 0) unpriced.add(call.model || "?");
      continue;
    }
    const unit = unitPrices(price, options.batch ?? false);
    usd += (call.promptTokens * unit.input + call.completionTokens * unit.output) / 1_000_000;
  }
  return { usd, unpriced: [...unpriced] };
}

/**
 * The cost of a stored usage block's per-model tokens (an agreement file's); undefined when the
 * block does not say which model spent what (a hand-written file), so nothing is guessed.
 */
export function estimateModelSpendCost(
  byModel: Readonly<Record<string, { promptTokens: number; completionTokens: number }>> | undefined,
  prices: readonly PriceRow[],
): CostEstimate | undefined {
  if (!byModel) return undefined;
  return estimateCost(
    Object.entries(byModel).map(([model, spent]) => ({ model, promptTokens: spent.promptTokens, completionTokens: spent.completionTokens })),
    prices,
  );
}
